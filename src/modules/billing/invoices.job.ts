import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import { loggableError } from '../../platform/db/errors.ts';
import { createPeriodicPass, enqueue, type Job, type JobLogger, type PeriodicPass } from '../../platform/jobs/index.ts';
import type { InvoicesService } from './invoices.service.ts';
import { invoicesStore as store } from './invoices.store.ts';

/** One job per organization and month: drafts its automatic invoice of that month. */
export const MONTHLY_INVOICE_JOB = 'invoices.draft_monthly';

/** A month ends at a different instant in every timezone: each hour, the organizations whose month has ended. */
const SCHEDULE_INTERVAL_MS = 60 * 60_000;
/** Organizations read per query of a pass. */
const PAGE = 500;

interface MonthlyPayload {
  organization_id: string;
  period_start: string;
  period_end: string;
}

export const monthlyInvoiceDedupeKey = (organizationId: string, periodStart: string) =>
  `invoices.monthly:${organizationId}:${periodStart.slice(0, 7)}`;

/** The handler: drafts the automatic invoice; a second delivery, or a second job, finds it there and does nothing. */
export function monthlyInvoiceHandler(invoices: Pick<InvoicesService, 'draftMonthly'>) {
  return async (job: Job) => {
    const p = job.payload as unknown as MonthlyPayload;
    await invoices.draftMonthly(p.organization_id, { start: p.period_start, end: p.period_end });
  };
}

/** The worker role's hourly pass; `runOnce` resolves with how many organizations it enqueued for. */
export type MonthlyInvoiceScheduler = PeriodicPass;

/**
 * Enqueues the monthly job of every organization whose previous month (in its timezone, by the app's clock) has
 * ended without an automatic invoice. The job's dedupe key names the organization and the month, so any number
 * of passes in any number of processes make one job, and the invoices' partial unique index makes one invoice.
 * The pass holds no state: after downtime the next pass catches up on the latest month.
 */
export function createMonthlyInvoiceScheduler(deps: {
  db: Executor;
  clock: Clock;
  log: JobLogger;
  /** After a pass enqueued: wakes the lane that drafts. */
  onEnqueued: () => void;
}): MonthlyInvoiceScheduler {
  const { db } = deps;

  async function enqueueDue(): Promise<number> {
    const now = deps.clock.now();
    let enqueued = 0;
    let after: string | null = null;
    for (;;) {
      const due = await store.dueMonthly(db, now, after, PAGE);
      for (const d of due) {
        const payload: MonthlyPayload = {
          organization_id: d.organizationId,
          period_start: d.periodStart,
          period_end: d.periodEnd,
        };
        await enqueue(db, {
          kind: MONTHLY_INVOICE_JOB,
          payload,
          dedupeKey: monthlyInvoiceDedupeKey(d.organizationId, d.periodStart),
        });
        enqueued++;
      }
      if (due.length < PAGE) return enqueued;
      after = due[due.length - 1]!.organizationId;
    }
  }

  return createPeriodicPass({
    intervalMs: SCHEDULE_INTERVAL_MS,
    async pass() {
      const enqueued = await enqueueDue();
      if (enqueued > 0) deps.onEnqueued();
      return enqueued;
    },
    onError: (error) =>
      deps.log.error({ err: loggableError(error) }, 'monthly invoice pass failed; retrying at the next interval'),
  });
}
