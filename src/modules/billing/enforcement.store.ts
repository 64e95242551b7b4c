import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { runSpendAllowances, subscriptions, wallets } from '../../platform/db/schema/index.ts';
import { LIVE_STATUSES } from './subscriptions.store.ts';

/** Org admins' approvals letting one run go past one spend limit. */
export const allowancesStore = {
  /** Whether the organization has a live subscription, and whether its wallet (if any) enforces: one read. */
  async launchStanding(db: Executor, organizationId: string): Promise<{ subscribed: boolean; enforcing: boolean }> {
    const live = sql.join(
      LIVE_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    const [row] = await rowsOf<{ subscribed: boolean; enforcing: boolean }>(
      db,
      sql`select
      exists (select 1 from ${subscriptions} where ${subscriptions.organizationId} = ${organizationId}
        and ${subscriptions.status} in (${live})) as subscribed,
      coalesce((select ${wallets.enforcementEnabled} from ${wallets}
        where ${wallets.organizationId} = ${organizationId}), false) as enforcing`,
    );
    return { subscribed: row?.subscribed === true, enforcing: row?.enforcing === true };
  },

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
