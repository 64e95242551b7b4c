import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { plans } from '../../platform/db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PlanChanges = Partial<
  Pick<PlanRow, 'slug' | 'name' | 'description' | 'priceMinor' | 'currency' | 'isActive'>
>;

const cheapestFirst = [asc(plans.priceMinor), asc(plans.slug)] as const;

/** Plans are the platform's, not an organization's: no organization scope here. */
export const plansStore = {
  listActive: (db: Executor): Promise<PlanRow[]> =>
    db
      .select()
      .from(plans)
      .where(eq(plans.isActive, true))
      .orderBy(...cheapestFirst),

  listAll: (db: Executor): Promise<PlanRow[]> =>
    db
      .select()
      .from(plans)
      .orderBy(...cheapestFirst),

  async find(db: Executor, id: string): Promise<PlanRow | null> {
    const [row] = await db.select().from(plans).where(eq(plans.id, id));
    return row ?? null;
  },

  async insert(db: Executor, row: typeof plans.$inferInsert): Promise<PlanRow> {
    const [inserted] = await db.insert(plans).values(row).returning();
    return inserted!;
  },

  async update(db: Executor, id: string, changes: PlanChanges): Promise<PlanRow | null> {
    const [row] = await db
      .update(plans)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(plans.id, id))
      .returning();
    return row ?? null;
  },
};
