import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { rateLimited } from '../../platform/http/rate-limit-errors.ts';
import { createKeyedLimiter, LimiterFullError } from '../../platform/limiter.ts';
import { chargebackStore } from './chargeback.store.ts';
import { toCsv } from './csv.ts';
import type { ReportPeriod } from './period.sql.ts';
import {
  type BreakdownInput,
  type ChargebackInput,
  inclusiveDays,
  MAX_BREAKDOWN_ROWS,
  type ReportRange,
  type TimeseriesByInput,
  type TimeseriesInput,
  type UsageChargeback,
} from './schemas.ts';
import { usageStore as store } from './store.ts';
import {
  toBreakdownView,
  toChargebackView,
  toSummaryView,
  toTimeseriesByView,
  toTimeseriesView,
  UNASSIGNED,
} from './views.ts';

/** The first and last day of a `YYYY-MM` month. */
function monthRange(month: string): ReportRange {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const CHARGEBACK_COLUMNS = [
  'department_id',
  'department',
  'parent_department_id',
  'depth',
  'cost_minor',
  'own_minor',
  'runs',
] as const;

/**
 * Reports of one organization running at once in this process, and waiting beyond those; past both, 429. A
 * dashboard loads about six at a time; the database pool holds ten connections.
 */
const REPORT_LIMITS = { slots: 3, queue: 9 };

/** The organization's usage reports over the usage events the model gateway records; for its admins. */
export function createUsageService(deps: { db: Executor }) {
  const { db } = deps;
  const slots = createKeyedLimiter(REPORT_LIMITS);

  /**
   * Runs one report in its organization's slots: a report reads up to a year of the organization's events, so one
   * organization's dashboards must not take every database connection of the process from the others.
   */
  async function inSlot<T>(ctx: RequestContext, report: () => Promise<T>): Promise<T> {
    try {
      return await slots(ctx.organizationId, report);
    } catch (error) {
      if (error instanceof LimiterFullError) {
        throw rateLimited(
          `Too many usage reports of this organization at once (${REPORT_LIMITS.slots} run, ${REPORT_LIMITS.queue} wait); retry shortly`,
          1,
        );
      }
      throw error;
    }
  }

  /** The range in the organization's time zone (read first: the report's statement then plans on known bounds). */
  const periodOf = async (ctx: RequestContext, range: ReportRange): Promise<ReportPeriod> => ({
    from: range.from,
    to: range.to,
    timeZone: await store.timeZoneOf(db, ctx.organizationId),
    days: inclusiveDays(range.from, range.to),
  });

  return {
    summary: (ctx: RequestContext, range: ReportRange) =>
      inSlot(ctx, async () => toSummaryView(await store.summary(db, ctx.organizationId, await periodOf(ctx, range)))),

    timeseries: (ctx: RequestContext, q: TimeseriesInput) =>
      inSlot(ctx, async () => {
        const rows = await store.timeseries(db, ctx.organizationId, await periodOf(ctx, q), q.granularity);
        return toTimeseriesView(q.granularity, rows);
      }),

    breakdown: (ctx: RequestContext, q: BreakdownInput) =>
      inSlot(ctx, async () => {
        const period = await periodOf(ctx, q);
        return toBreakdownView(
          q.dimension,
          await store.breakdown(db, ctx.organizationId, period, q.dimension, MAX_BREAKDOWN_ROWS),
        );
      }),

    timeseriesBy: (ctx: RequestContext, q: TimeseriesByInput) =>
      inSlot(ctx, async () => {
        const rows = await store.timeseriesBy(db, ctx.organizationId, await periodOf(ctx, q), q);
        return toTimeseriesByView(q.granularity, rows);
      }),

    chargeback: (ctx: RequestContext, q: ChargebackInput): Promise<UsageChargeback> =>
      inSlot(ctx, async () => {
        const rows = await chargebackStore.report(db, ctx.organizationId, await periodOf(ctx, monthRange(q.month)));
        return toChargebackView(q.month, rows);
      }),

    /** The chargeback as a spreadsheet: one line per department in tree order, then Unassigned. */
    chargebackCsv(report: UsageChargeback): string {
      return toCsv(
        CHARGEBACK_COLUMNS,
        report.items.map((item) => [
          item.department?.id ?? null,
          item.department?.name ?? UNASSIGNED,
          item.department?.parent_department_id ?? null,
          item.depth,
          item.cost_minor,
          item.own_minor,
          item.runs,
        ]),
      );
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
