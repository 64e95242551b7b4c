import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { runSpendAllowances } from '../../platform/db/schema/index.ts';

/** Org admins' approvals letting one run go past one spend limit. */
export const allowancesStore = {
  /** The limits this run has been allowed past. */
  async limitIdsForRun(db: Executor, organizationId: string, runId: string): Promise<Set<string>> {
    const rows = await db
      .select({ id: runSpendAllowances.spendLimitId })
      .from(runSpendAllowances)
      .where(and(eq(runSpendAllowances.organizationId, organizationId), eq(runSpendAllowances.runId, runId)));
    return new Set(rows.map((r) => r.id));
  },

  /** Idempotent: a second approval of the same limit for the same run changes nothing. */
  async insert(db: Executor, row: typeof runSpendAllowances.$inferInsert): Promise<void> {
    await db.insert(runSpendAllowances).values(row).onConflictDoNothing();
  },
};
