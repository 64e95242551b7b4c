import type { ChargebackRow } from './chargeback.store.ts';
import { percentOf, toCents } from './money.ts';
import type {
  BreakdownDimension,
  Granularity,
  UsageBreakdown,
  UsageChargeback,
  UsageSummary,
  UsageTimeseries,
  UsageTimeseriesBy,
} from './schemas.ts';
import type { BreakdownRow, BucketRow, SeriesPointRow, SummaryRow } from './store.ts';

/** The label of a group without a key (no agent, department, user or channel recorded). */
export const UNASSIGNED = 'Unassigned';
/** The label of a key that names nothing the organization still has. */
export const UNKNOWN = 'Unknown';

const labelOf = (row: { label: string | null; is_null: boolean }) => row.label ?? (row.is_null ? UNASSIGNED : UNKNOWN);

export function toSummaryView(row: SummaryRow): UsageSummary {
  const cost = BigInt(row.cost);
  const previous = BigInt(row.previous_cost);
  const previousCents = toCents(previous);
  return {
    total_cost_cents: toCents(cost),
    total_input_tokens: Number(row.input_tokens),
    total_output_tokens: Number(row.output_tokens),
    total_cached_input_tokens: Number(row.cached_input_tokens),
    call_count: row.calls,
    period_cost_cents: toCents(cost),
    previous_period_cost_cents: previousCents,
    // Null when the previous period shows as 0 cents: a change against it would read as a meaningless percentage.
    delta_pct: previousCents === 0 ? null : percentOf(cost - previous, previous),
  };
}

export function toTimeseriesView(granularity: Granularity, rows: BucketRow[]): UsageTimeseries {
  return {
    granularity,
    items: rows.map((r) => ({
      date: r.label,
      cost_cents: toCents(BigInt(r.cost)),
      input_tokens: Number(r.input_tokens),
      output_tokens: Number(r.output_tokens),
    })),
  };
}

export function toBreakdownView(dimension: BreakdownDimension, rows: BreakdownRow[]): UsageBreakdown {
  return {
    dimension,
    items: rows.map((r) => ({
      id: r.id,
      label: labelOf(r),
      cost_cents: toCents(BigInt(r.cost)),
      call_count: r.calls,
      percent_of_total: percentOf(BigInt(r.cost), BigInt(r.total)),
    })),
  };
}

/**
 * Rows come ordered by bucket, then by series rank; every bucket has at least one row. The Other series is always
 * present, last (zeros when every series made the top `limit`).
 */
export function toTimeseriesByView(granularity: Granularity, rows: SeriesPointRow[]): UsageTimeseriesBy {
  const buckets: string[] = [];
  const top = new Map<string, { id: string; label: string; rank: number; points: number[] }>();
  const other = { id: 'other', label: 'Other', points: [] as number[] };
  const seriesOf = (row: SeriesPointRow & { sid: string; rank: number }) => {
    if (row.sid === 'other') return other;
    const known = top.get(row.sid);
    if (known) return known;
    const created = { id: row.sid, label: labelOf(row), rank: row.rank, points: [] };
    top.set(row.sid, created);
    return created;
  };
  for (const row of rows) {
    buckets[row.i] = row.bucket;
    const { sid, rank, cost } = row;
    if (sid === null || rank === null || cost === null) continue;
    seriesOf({ ...row, sid, rank }).points[row.i] = toCents(BigInt(cost));
  }
  const ordered = [...[...top.values()].sort((a, b) => a.rank - b.rank), other];
  return {
    granularity,
    buckets,
    series: ordered.map((s) => ({
      id: s.id,
      label: s.label,
      points: Array.from({ length: buckets.length }, (_, i) => s.points[i] ?? 0),
    })),
  };
}

export function toChargebackView(month: string, rows: ChargebackRow[]): UsageChargeback {
  const topLevel = rows.filter((r) => r.depth === 0).reduce((sum, r) => sum + BigInt(r.cost), 0n);
  return {
    month,
    currency: 'USD',
    total_minor: toCents(topLevel),
    items: rows.map((r) => ({
      department: r.id === null ? null : { id: r.id, name: r.name ?? '', parent_department_id: r.parent_id },
      depth: r.depth,
      cost_minor: toCents(BigInt(r.cost)),
      own_minor: toCents(BigInt(r.own)),
      runs: r.runs,
    })),
  };
}
