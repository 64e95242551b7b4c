import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { chargebackStore } from './chargeback.store.ts';
import { toCsv } from './csv.ts';
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

/** The organization's usage reports over the usage events the model gateway records; for its admins. */
export function createUsageService(deps: { db: Executor }) {
  const { db } = deps;

  return {
    async summary(ctx: RequestContext, range: ReportRange) {
      const days = inclusiveDays(range.from, range.to);
      return toSummaryView(await store.summary(db, ctx.organizationId, range, days));
    },

    async timeseries(ctx: RequestContext, q: TimeseriesInput) {
      const days = inclusiveDays(q.from, q.to);
      return toTimeseriesView(q.granularity, await store.timeseries(db, ctx.organizationId, q, q.granularity, days));
    },

    async breakdown(ctx: RequestContext, q: BreakdownInput) {
      const rows = await store.breakdown(db, ctx.organizationId, q, q.dimension, MAX_BREAKDOWN_ROWS);
      return toBreakdownView(q.dimension, rows);
    },

    async timeseriesBy(ctx: RequestContext, q: TimeseriesByInput) {
      const days = inclusiveDays(q.from, q.to);
      return toTimeseriesByView(q.granularity, await store.timeseriesBy(db, ctx.organizationId, q, q, days));
    },

    async chargeback(ctx: RequestContext, q: ChargebackInput): Promise<UsageChargeback> {
      const { from, to } = monthRange(q.month);
      return toChargebackView(q.month, await chargebackStore.report(db, ctx.organizationId, from, to));
    },

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
