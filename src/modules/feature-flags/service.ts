import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { OrganizationsService } from '../organizations/service.ts';
import { MAX_FLAGS } from './schemas.ts';
import { type FlagChanges, featureFlagsStore as store } from './store.ts';

/**
 * The flags the product reads (SPEC "Feature flags"): always listed, false until a default or an override sets
 * them. Other names may be set too; they are listed once they have a row.
 */
export const KNOWN_FEATURE_FLAGS = ['generator_native_presentations', 'run_progress_chip', 'show_intermediary_files'];

const sorted = (flags: Record<string, boolean>) =>
  Object.fromEntries(Object.entries(flags).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const tooMany = () => conflict('limit_reached', `At most ${MAX_FLAGS} feature flags may be set here; remove one first`);

/** Feature flags: platform defaults set by operators, shadowed by an organization's overrides. */
export function createFeatureFlagsService(deps: {
  db: Executor;
  /** 404 for an unknown organization (a deleted one still takes overrides, as it may be restored). */
  organizations: Pick<OrganizationsService, 'requireExists'>;
}) {
  const { db } = deps;
  return {
    /** What the caller's organization sees: its override, else the default, else false; names sorted. */
    async resolved(ctx: RequestContext) {
      const { defaults, overrides } = await store.resolve(db, ctx.organizationId);
      const flags: Record<string, boolean> = Object.fromEntries(KNOWN_FEATURE_FLAGS.map((name) => [name, false]));
      Object.assign(flags, defaults, overrides);
      return { flags: sorted(flags) };
    },

    defaults: async () => ({ flags: sorted(await store.defaults(db)) }),

    async setDefaults(changes: FlagChanges) {
      await db.transaction(async (tx) => {
        await lockForTransaction(tx, 'feature flags', 'platform');
        await store.changeDefaults(tx, changes);
        if ((await store.countDefaults(tx)) > MAX_FLAGS) throw tooMany();
      });
      return { flags: sorted(await store.defaults(db)) };
    },

    async overrides(organizationId: string) {
      await deps.organizations.requireExists(organizationId);
      return { flags: sorted(await store.overrides(db, organizationId)) };
    },

    async setOverrides(organizationId: string, changes: FlagChanges) {
      await deps.organizations.requireExists(organizationId);
      await db.transaction(async (tx) => {
        await lockForTransaction(tx, 'feature flags', organizationId);
        await store.changeOverrides(tx, organizationId, changes);
        if ((await store.countOverrides(tx, organizationId)) > MAX_FLAGS) throw tooMany();
      });
      return { flags: sorted(await store.overrides(db, organizationId)) };
    },
  };
}

export type FeatureFlagsService = ReturnType<typeof createFeatureFlagsService>;
