import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { billingProfiles } from '../../platform/db/schema/index.ts';

export type BillingProfileRow = typeof billingProfiles.$inferSelect;
export type BillingProfileInsert = typeof billingProfiles.$inferInsert;
export type BillingProfileChanges = Partial<Omit<BillingProfileInsert, 'id' | 'organizationId' | 'createdAt'>>;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(billingProfiles.organizationId, organizationId), eq(billingProfiles.id, id));
const oldestFirst = [asc(billingProfiles.createdAt), asc(billingProfiles.id)] as const;

export const billingProfilesStore = {
  list: (db: Executor, organizationId: string): Promise<BillingProfileRow[]> =>
    db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.organizationId, organizationId))
      .orderBy(...oldestFirst),

  async find(db: Executor, organizationId: string, id: string): Promise<BillingProfileRow | null> {
    const [row] = await db.select().from(billingProfiles).where(ofOrganization(organizationId, id));
    return row ?? null;
  },

  /**
   * The default profile, else the oldest (an organization with profiles always has a default; this reads safely).
   * `keyShare` locks the row so that it cannot be deleted before the caller's transaction names it.
   */
  async findDefault(
    db: Executor,
    organizationId: string,
    lock?: { keyShare: true },
  ): Promise<BillingProfileRow | null> {
    const query = db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.organizationId, organizationId))
      .orderBy(desc(billingProfiles.isDefault), ...oldestFirst)
      .limit(1);
    const [row] = lock ? await query.for('key share') : await query;
    return row ?? null;
  },

  count: async (db: Executor, organizationId: string) =>
    (await db.select({ n: count() }).from(billingProfiles).where(eq(billingProfiles.organizationId, organizationId)))[0]
      ?.n ?? 0,

  async insert(db: Executor, row: BillingProfileInsert): Promise<BillingProfileRow> {
    const [inserted] = await db.insert(billingProfiles).values(row).returning();
    return inserted!;
  },

  async update(
    db: Executor,
    organizationId: string,
    id: string,
    changes: BillingProfileChanges,
  ): Promise<BillingProfileRow> {
    const [row] = await db
      .update(billingProfiles)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(ofOrganization(organizationId, id))
      .returning();
    return row!;
  },

  /** No profile of the organization is its default any more (before another becomes it: one default at most). */
  async clearDefault(db: Executor, organizationId: string): Promise<void> {
    await db
      .update(billingProfiles)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(and(eq(billingProfiles.organizationId, organizationId), eq(billingProfiles.isDefault, true)));
  },

  /** The oldest profile becomes the default, if the organization has any. */
  async promoteOldest(db: Executor, organizationId: string): Promise<void> {
    const oldest = db
      .select({ id: billingProfiles.id })
      .from(billingProfiles)
      .where(eq(billingProfiles.organizationId, organizationId))
      .orderBy(...oldestFirst)
      .limit(1);
    await db
      .update(billingProfiles)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(and(eq(billingProfiles.organizationId, organizationId), eq(billingProfiles.id, sql`(${oldest})`)));
  },

  /** Invoices that referenced it keep their snapshot; their billing_profile_id is set null by the foreign key. */
  async delete(db: Executor, organizationId: string, id: string): Promise<void> {
    await db.delete(billingProfiles).where(ofOrganization(organizationId, id));
  },
};
