import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import type { CreateOrganizationInput, OrganizationListFilter, PatchOrganizationInput } from './schemas.ts';
import { type EnrichedOrganizationRow, type OrganizationChanges, organizationsStore as store } from './store.ts';
import { toAdminOrganizationView, toDemoOrganizationView, toOrganizationView } from './views.ts';

export const FREE_PLAN_SLUG = 'free';

const duplicateName = () => conflict('duplicate_name', 'An organization with this name already exists');
const deleted = () => conflict('organization_deleted', 'The organization is deleted');

const withUniqueName = <T>(write: () => Promise<T>) => onUniqueViolation(write, duplicateName);

function toChanges(patch: PatchOrganizationInput): OrganizationChanges {
  return {
    name: patch.name,
    industry: patch.industry,
    primaryLanguage: patch.primary_language,
    primaryTimezone: patch.primary_timezone,
    policyOverrides: patch.policy_overrides,
  };
}

export function createOrganizationsService({ db }: { db: Executor }) {
  async function enriched(id: string, ex: Executor = db) {
    const row = await store.findEnriched(ex, id);
    if (!row) throw notFound('Organization');
    return row;
  }

  async function state(tx: Executor, id: string) {
    const row = await store.findState(tx, id);
    if (!row) throw notFound('Organization');
    return row;
  }

  /** Inserts an organization subscribed to the free plan, inside the caller's transaction. */
  async function insertWithFreePlan(
    tx: Executor,
    input: CreateOrganizationInput,
    options: { isSystem?: boolean; demoExpiresAt?: Date } = {},
  ): Promise<string> {
    const plan = await store.findPlanBySlug(tx, FREE_PLAN_SLUG);
    if (!plan) throw new Error('the free plan is missing: the bootstrap has not run');
    const id = newId();
    await withUniqueName(() =>
      store.insert(tx, {
        id,
        name: input.name,
        isSystem: options.isSystem ?? false,
        demoExpiresAt: options.demoExpiresAt ?? null,
        industry: input.industry ?? null,
        primaryLanguage: input.primary_language,
        primaryTimezone: input.primary_timezone,
      }),
    );
    const now = new Date();
    await store.insertSubscription(tx, {
      id: newId(),
      organizationId: id,
      planId: plan.id,
      status: 'active',
      billingSource: 'manual',
      startedAt: now,
      currentPeriodStart: now,
    });
    return id;
  }

  async function page<T>(
    filter: OrganizationListFilter,
    rawCursor: string | undefined,
    limit: number,
    view: (row: EnrichedOrganizationRow) => T,
  ) {
    const { rows, total } = await store.list(db, filter, decodeCursor(rawCursor), limit);
    const cursorOf = (r: EnrichedOrganizationRow) => ({ v: r.org.createdAt.toISOString(), id: r.org.id });
    return { ...toPage(rows, limit, cursorOf, view), total };
  }

  /** Runs a state change in a transaction after the checks of the States table, then returns the admin view. */
  async function transition(
    id: string,
    check: (row: Awaited<ReturnType<typeof state>>) => void,
    changes: OrganizationChanges,
  ) {
    await db.transaction(async (tx) => {
      check(await state(tx, id));
      await store.update(tx, id, changes);
    });
    return toAdminOrganizationView(await enriched(id));
  }

  return {
    insertWithFreePlan,
    getForAdmin: async (id: string, ex: Executor = db) => toAdminOrganizationView(await enriched(id, ex)),
    getOwn: async (id: string) => toOrganizationView(await enriched(id)),
    /** The name alone, without the counts of the enriched view (a run reads it for its system prompt). */
    name: async (id: string) => (await state(db, id)).name,

    async create(input: CreateOrganizationInput) {
      const id = await db.transaction((tx) => insertWithFreePlan(tx, input));
      return toAdminOrganizationView(await enriched(id));
    },

    list: (filter: OrganizationListFilter, rawCursor: string | undefined, limit: number) =>
      page(filter, rawCursor, limit, toAdminOrganizationView),

    /** Live demo organizations with their expiry. */
    listDemos: (rawCursor: string | undefined, limit: number) =>
      page({ isDeleted: false, isDemo: true }, rawCursor, limit, toDemoOrganizationView),

    getDemo: async (id: string, ex: Executor = db) => toDemoOrganizationView(await enriched(id, ex)),

    /** Strict PATCH by the console; policy overrides are replaced wholesale. */
    async update(id: string, patch: PatchOrganizationInput) {
      await db.transaction(async (tx) => {
        if ((await state(tx, id)).deletedAt) throw deleted();
        await withUniqueName(() => store.update(tx, id, toChanges(patch)));
      });
      return toAdminOrganizationView(await enriched(id));
    },

    /** The organization's own admins edit their organization. */
    async updateOwn(id: string, patch: PatchOrganizationInput) {
      await withUniqueName(() => store.update(db, id, toChanges(patch)));
      return toOrganizationView(await enriched(id));
    },

    setSuspended: (id: string, suspended: boolean) =>
      transition(
        id,
        (row) => {
          if (row.deletedAt) throw deleted();
          if (suspended && row.isSuspended)
            throw conflict('already_suspended', 'The organization is already suspended');
          if (!suspended && !row.isSuspended) throw conflict('not_suspended', 'The organization is not suspended');
          if (row.isSystem) throw conflict('system_organization', 'The system organization cannot be suspended');
        },
        { isSuspended: suspended },
      ),

    /** Soft delete: the organization stays readable by the console, forced suspended. */
    remove: (id: string) =>
      transition(
        id,
        (row) => {
          if (row.deletedAt) throw conflict('already_deleted', 'The organization is already deleted');
          if (row.isSystem) throw conflict('system_organization', 'The system organization cannot be deleted');
        },
        { deletedAt: new Date(), isSuspended: true },
      ),

    /** Brings a deleted organization back, still suspended, so an operator decides when it works again. */
    restore: (id: string) =>
      transition(
        id,
        (row) => {
          if (!row.deletedAt) throw conflict('not_deleted', 'The organization is not deleted');
        },
        { deletedAt: null },
      ),

    /** An organization that exists, deleted or not (404 otherwise). */
    requireExists: (id: string, ex: Executor = db) => state(ex, id),

    /** An organization that may receive new users: exists (404) and is not deleted (409). */
    async requireWritable(id: string, ex: Executor = db): Promise<{ id: string; isSystem: boolean }> {
      const row = await state(ex, id);
      if (row.deletedAt) throw deleted();
      return row;
    },

    findSystem: (ex: Executor = db) => store.findSystem(ex),

    /** The plans every installation starts with (prices in USD cents per month); existing slugs are kept. */
    seedPlans: (tx: Executor) =>
      store.insertPlans(tx, [
        { id: newId(), slug: FREE_PLAN_SLUG, name: 'Free', description: 'For trying Atrium', priceMinor: 0 },
        { id: newId(), slug: 'pro', name: 'Pro', description: 'For growing teams', priceMinor: 4_900 },
        { id: newId(), slug: 'enterprise', name: 'Enterprise', description: 'For large organizations', priceMinor: 0 },
      ]),
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
