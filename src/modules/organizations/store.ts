import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { organizations, plans, subscriptions, users } from '../../platform/db/schema/index.ts';

const LIVE_SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due'];

/** The organization with its live subscription's plan and its live user count, in one query. */
const enrichedColumns = {
  org: organizations,
  planId: plans.id,
  planName: plans.name,
  planSlug: plans.slug,
  subscriptionId: subscriptions.id,
  subscriptionStatus: subscriptions.status,
  userCount: sql<number>`(select count(*)::int from ${users} where ${users.organizationId} = ${organizations.id} and ${users.deletedAt} is null)`,
};

export type EnrichedOrganizationRow = {
  org: typeof organizations.$inferSelect;
  planId: string | null;
  planName: string | null;
  planSlug: string | null;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  userCount: number;
};

export const organizationsStore = {
  async findEnriched(db: Executor, id: string): Promise<EnrichedOrganizationRow | null> {
    const [row] = await db
      .select(enrichedColumns)
      .from(organizations)
      .leftJoin(
        subscriptions,
        and(
          eq(subscriptions.organizationId, organizations.id),
          inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
        ),
      )
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(organizations.id, id))
      .limit(1);
    return row ?? null;
  },

  async findState(db: Executor, id: string) {
    const [row] = await db
      .select({
        id: organizations.id,
        isSystem: organizations.isSystem,
        isSuspended: organizations.isSuspended,
        deletedAt: organizations.deletedAt,
      })
      .from(organizations)
      .where(eq(organizations.id, id));
    return row ?? null;
  },

  async findSystem(db: Executor) {
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.isSystem, true), isNull(organizations.deletedAt)))
      .limit(1);
    return row ?? null;
  },

  async setSuspended(db: Executor, id: string, suspended: boolean): Promise<void> {
    await db
      .update(organizations)
      .set({ isSuspended: suspended, updatedAt: sql`now()` })
      .where(eq(organizations.id, id));
  },

  async insert(db: Executor, values: typeof organizations.$inferInsert): Promise<void> {
    await db.insert(organizations).values(values);
  },

  async findPlanBySlug(db: Executor, slug: string) {
    const [row] = await db.select().from(plans).where(eq(plans.slug, slug));
    return row ?? null;
  },

  async insertPlans(db: Executor, rows: (typeof plans.$inferInsert)[]): Promise<void> {
    await db.insert(plans).values(rows).onConflictDoNothing({ target: plans.slug });
  },

  async insertSubscription(db: Executor, values: typeof subscriptions.$inferInsert): Promise<void> {
    await db.insert(subscriptions).values(values);
  },
};
