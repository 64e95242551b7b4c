import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { organizationFeatureFlags, platformFeatureFlags } from '../../platform/db/schema/index.ts';

/** `name → enabled` of a set of rows. */
const asMap = (rows: { name: string; enabled: boolean }[]) =>
  Object.fromEntries(rows.map((r) => [r.name, r.enabled])) as Record<string, boolean>;

/** A flag set to true or false is written; null removes its row. */
export type FlagChanges = Record<string, boolean | null>;

const toSet = (changes: FlagChanges) =>
  Object.entries(changes).flatMap(([name, enabled]) => (enabled === null ? [] : [{ name, enabled }]));
const toRemove = (changes: FlagChanges) =>
  Object.entries(changes).flatMap(([name, enabled]) => (enabled === null ? [name] : []));

export const featureFlagsStore = {
  /** The platform defaults and the organization's overrides, in one read. */
  async resolve(
    db: Executor,
    organizationId: string,
  ): Promise<{ defaults: Record<string, boolean>; overrides: Record<string, boolean> }> {
    const rows = await db
      .select({ name: platformFeatureFlags.name, enabled: platformFeatureFlags.enabled, own: sql<boolean>`false` })
      .from(platformFeatureFlags)
      .unionAll(
        db
          .select({
            name: organizationFeatureFlags.name,
            enabled: organizationFeatureFlags.enabled,
            own: sql<boolean>`true`,
          })
          .from(organizationFeatureFlags)
          .where(eq(organizationFeatureFlags.organizationId, organizationId)),
      );
    return {
      defaults: asMap(rows.filter((r) => r.own !== true)),
      overrides: asMap(rows.filter((r) => r.own === true)),
    };
  },

  async defaults(db: Executor): Promise<Record<string, boolean>> {
    return asMap(await db.select().from(platformFeatureFlags));
  },

  async overrides(db: Executor, organizationId: string): Promise<Record<string, boolean>> {
    return asMap(
      await db
        .select()
        .from(organizationFeatureFlags)
        .where(eq(organizationFeatureFlags.organizationId, organizationId)),
    );
  },

  countDefaults: async (db: Executor) => (await db.select({ n: count() }).from(platformFeatureFlags))[0]?.n ?? 0,

  countOverrides: async (db: Executor, organizationId: string) =>
    (
      await db
        .select({ n: count() })
        .from(organizationFeatureFlags)
        .where(eq(organizationFeatureFlags.organizationId, organizationId))
    )[0]?.n ?? 0,

  async changeDefaults(tx: Executor, changes: FlagChanges): Promise<void> {
    const removed = toRemove(changes);
    if (removed.length > 0) await tx.delete(platformFeatureFlags).where(inArray(platformFeatureFlags.name, removed));
    const set = toSet(changes);
    if (set.length === 0) return;
    await tx
      .insert(platformFeatureFlags)
      .values(set)
      .onConflictDoUpdate({
        target: platformFeatureFlags.name,
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
  },

  async changeOverrides(tx: Executor, organizationId: string, changes: FlagChanges): Promise<void> {
    const removed = toRemove(changes);
    if (removed.length > 0) {
      await tx
        .delete(organizationFeatureFlags)
        .where(
          and(
            eq(organizationFeatureFlags.organizationId, organizationId),
            inArray(organizationFeatureFlags.name, removed),
          ),
        );
    }
    const set = toSet(changes).map((f) => ({ ...f, organizationId }));
    if (set.length === 0) return;
    await tx
      .insert(organizationFeatureFlags)
      .values(set)
      .onConflictDoUpdate({
        target: [organizationFeatureFlags.organizationId, organizationFeatureFlags.name],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
  },
};
