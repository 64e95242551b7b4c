import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { plans } from '../../platform/db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;

export const plansStore = {
  listActive: (db: Executor): Promise<PlanRow[]> =>
    db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.priceMinor), asc(plans.slug)),
};
