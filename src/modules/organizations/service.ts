import type { z } from 'zod';
import type { Executor } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { AdminOrganizationSchema, CreateOrganizationInput } from './schemas.ts';
import { type EnrichedOrganizationRow, organizationsStore as store } from './store.ts';

export const FREE_PLAN_SLUG = 'free';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAdminView(row: EnrichedOrganizationRow): z.output<typeof AdminOrganizationSchema> {
  const { org } = row;
  return {
    id: org.id,
    name: org.name,
    is_system: org.isSystem,
    is_suspended: org.isSuspended,
    plan_id: row.planId,
    plan_name: row.planName,
    plan_slug: row.planSlug,
    subscription_id: row.subscriptionId,
    subscription_status: row.subscriptionStatus,
    policy_overrides: org.policyOverrides,
    industry: org.industry,
    primary_language: org.primaryLanguage,
    primary_timezone: org.primaryTimezone,
    user_count: row.userCount,
    // Runs do not exist yet; the runs module will count those created in the last 30 days.
    task_count_last30d: 0,
    created_at: org.createdAt.toISOString(),
    updated_at: org.updatedAt.toISOString(),
    deleted_at: iso(org.deletedAt),
  };
}

export function createOrganizationsService({ db }: { db: Executor }) {
  /** Inserts an organization subscribed to the free plan, inside the caller's transaction. */
  async function insertWithFreePlan(tx: Executor, input: CreateOrganizationInput, isSystem = false): Promise<string> {
    const plan = await store.findPlanBySlug(tx, FREE_PLAN_SLUG);
    if (!plan) throw new Error('the free plan is missing: the bootstrap has not run');
    const id = newId();
    try {
      await store.insert(tx, {
        id,
        name: input.name,
        isSystem,
        industry: input.industry ?? null,
        primaryLanguage: input.primary_language,
        primaryTimezone: input.primary_timezone,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('duplicate_name', 'An organization with this name already exists');
      throw error;
    }
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

  async function getForAdmin(id: string) {
    const row = await store.findEnriched(db, id);
    if (!row) throw notFound('Organization');
    return toAdminView(row);
  }

  return {
    insertWithFreePlan,
    getForAdmin,

    async create(input: CreateOrganizationInput) {
      const id = await db.transaction((tx) => insertWithFreePlan(tx, input));
      return getForAdmin(id);
    },

    /** An organization that may receive new users: exists (404) and is not deleted (409). */
    async requireWritable(id: string): Promise<{ id: string; isSystem: boolean }> {
      const row = await store.findState(db, id);
      if (!row) throw notFound('Organization');
      if (row.deletedAt) throw conflict('organization_deleted', 'The organization is deleted');
      return row;
    },

    /** States table: suspend a live organization, unsuspend a suspended one; deleted ones are 409. */
    async setSuspended(id: string, suspended: boolean) {
      await db.transaction(async (tx) => {
        const row = await store.findState(tx, id);
        if (!row) throw notFound('Organization');
        if (row.deletedAt) throw conflict('organization_deleted', 'The organization is deleted');
        if (suspended && row.isSuspended) throw conflict('already_suspended', 'The organization is already suspended');
        if (!suspended && !row.isSuspended) throw conflict('not_suspended', 'The organization is not suspended');
        if (row.isSystem && suspended)
          throw conflict('system_organization', 'The system organization cannot be suspended');
        await store.setSuspended(tx, id, suspended);
      });
      return getForAdmin(id);
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
