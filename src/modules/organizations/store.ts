import { and, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { organizations, plans, runs, subscriptions, users } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import { containsPattern } from '../../platform/http/query.ts';
import type { OrganizationListFilter } from './schemas.ts';

const LIVE_SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due'];

/** The organization with its live subscription's plan and its live user count, in one query. */
const enrichedColumns = {
  org: organizations,
  planId: plans.id,
  planName: plans.name,
  planSlug: plans.slug,
  subscriptionId: subscriptions.id,
  subscriptionStatus: subscriptions.status,
  userCount: sql<number>`(select count(*)::int from ${users} u where u.organization_id = ${organizations}.id and u.deleted_at is null)`,
  // A task is a run: every run started in the organization in the last 30 days.
  taskCount: sql<number>`(select count(*)::int from ${runs} r where r.organization_id = ${organizations}.id
    and r.created_at >= now() - interval '30 days')`,
};

const selectEnriched = (db: Executor) =>
  db
    .select(enrichedColumns)
    .from(organizations)
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.organizationId, organizations.id),
        inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
      ),
    )
    .leftJoin(plans, eq(plans.id, subscriptions.planId));

export type EnrichedOrganizationRow = Awaited<ReturnType<typeof selectEnriched>>[number];
export type OrganizationChanges = Partial<
  Pick<
    typeof organizations.$inferInsert,
    'name' | 'industry' | 'primaryLanguage' | 'primaryTimezone' | 'policyOverrides' | 'isSuspended' | 'deletedAt'
  >
>;

function matching(filter: OrganizationListFilter): SQL | undefined {
  return and(
    filter.isDeleted ? isNotNull(organizations.deletedAt) : isNull(organizations.deletedAt),
    filter.isSystem === undefined ? undefined : eq(organizations.isSystem, filter.isSystem),
    filter.isDemo ? isNotNull(organizations.demoExpiresAt) : undefined,
    filter.search ? ilike(organizations.name, containsPattern(filter.search)) : undefined,
  );
}

/** Every run's system prompt names its organization: prepared (platform/db/prepared.ts). */
const stateStatement = prepared((db) =>
  db
    .select({
      id: organizations.id,
      name: organizations.name,
      isSystem: organizations.isSystem,
      isSuspended: organizations.isSuspended,
      deletedAt: organizations.deletedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .prepare('organizations_state'),
);

export const organizationsStore = {
  async findEnriched(db: Executor, id: string): Promise<EnrichedOrganizationRow | null> {
    const [row] = await selectEnriched(db).where(eq(organizations.id, id)).limit(1);
    return row ?? null;
  },

  /** Newest first, keyset on (created_at, id), with the filtered total in the same round trip. */
  async list(db: Executor, filter: OrganizationListFilter, cursor: Cursor | null, limit: number) {
    const after = cursor
      ? sql`(${organizations.createdAt}, ${organizations.id}) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const [rows, [count]] = await Promise.all([
      selectEnriched(db)
        .where(and(matching(filter), after))
        .orderBy(desc(organizations.createdAt), desc(organizations.id))
        .limit(limit + 1),
      db.select({ total: sql<number>`count(*)::int` }).from(organizations).where(matching(filter)),
    ]);
    return { rows, total: count?.total ?? 0 };
  },

  async findState(db: Executor, id: string) {
    const [row] = await stateStatement(db).execute({ id });
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

  async update(db: Executor, id: string, changes: OrganizationChanges): Promise<void> {
    await db
      .update(organizations)
      .set({ ...changes, updatedAt: sql`now()` })
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
