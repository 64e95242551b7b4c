import { type CsvCell, toCsv } from './csv.ts';
import { centsAsDecimal, formatCount, formatMoney, formatShare } from './format.ts';
import type { DateRange } from './range.ts';
import type {
  BreakdownDimension,
  UsageBreakdown,
  UsageChargeback,
  UsageTimeseries,
  UsageTimeseriesBy,
} from './usage-api.ts';
import type { Granularity } from './view.ts';

/** One figure: as the page shows it, and as the CSV holds it (plain numbers, dollars as decimals). */
export interface TableCell {
  text: string;
  csv: CsvCell;
}

export interface TableColumn {
  label: string;
  /** The CSV's header for the column. */
  csv: string;
  numeric: boolean;
}

/**
 * A chart's numbers, built once from the API's answer: the page's table and the CSV download both come from it,
 * so they cannot disagree. The first cell of a row names the row.
 */
export interface ReportTable {
  caption: string;
  filename: string;
  columns: TableColumn[];
  /** `depth` indents a row under the one it belongs to (departments in their tree). */
  rows: { key: string; cells: TableCell[]; depth?: number }[];
  total?: TableCell[];
}

const money = (cents: number): TableCell => ({ text: formatMoney(cents), csv: centsAsDecimal(cents) });
const count = (value: number): TableCell => ({ text: formatCount(value), csv: value });
const text = (value: string): TableCell => ({ text: value, csv: value });
const column = (label: string, csv: string, numeric = true): TableColumn => ({ label, csv, numeric });

/** A bucket as people read it: hourly labels `2024-03-05T14:00` lose the `T`. */
export const bucketLabel = (bucket: string) => bucket.replace('T', ' ');

const BUCKET: Record<Granularity, { label: string; csv: string; noun: string }> = {
  daily: { label: 'Day', csv: 'date', noun: 'day' },
  hourly: { label: 'Hour', csv: 'hour', noun: 'hour' },
};

const span = (range: DateRange) => `${range.from} to ${range.to}`;
const fileSpan = (range: DateRange) => `${range.from}_${range.to}`;

export function timeseriesTable(data: UsageTimeseries, range: DateRange): ReportTable {
  const bucket = BUCKET[data.granularity];
  return {
    caption: `Cost and tokens per ${bucket.noun}, ${span(range)}`,
    filename: `usage-${data.granularity}-${fileSpan(range)}.csv`,
    columns: [
      column(bucket.label, bucket.csv, false),
      column('Cost', 'cost_usd'),
      column('Input tokens', 'input_tokens'),
      column('Output tokens', 'output_tokens'),
    ],
    rows: data.items.map((item) => ({
      key: item.date,
      cells: [
        { text: bucketLabel(item.date), csv: item.date },
        money(item.cost_cents),
        count(item.input_tokens),
        count(item.output_tokens),
      ],
    })),
  };
}

export const DIMENSION_LABELS: Record<BreakdownDimension, string> = {
  model: 'Model',
  agent: 'Agent',
  channel: 'Channel',
  department: 'Department',
  user: 'User',
};

export function breakdownTable(data: UsageBreakdown, range: DateRange): ReportTable {
  const noun = DIMENSION_LABELS[data.dimension];
  return {
    caption: `Cost by ${noun.toLowerCase()}, ${span(range)}, costliest first`,
    filename: `usage-by-${data.dimension}-${fileSpan(range)}.csv`,
    columns: [
      column(noun, data.dimension, false),
      column('Cost', 'cost_usd'),
      column('Calls', 'call_count'),
      column('Share of cost', 'percent_of_total'),
    ],
    rows: data.items.map((item) => ({
      key: item.id,
      cells: [
        text(item.label),
        money(item.cost_cents),
        count(item.call_count),
        { text: formatShare(item.percent_of_total), csv: item.percent_of_total },
      ],
    })),
  };
}

/** One row per bucket, one column per series (the top ones, then Other). */
export function seriesTable(data: UsageTimeseriesBy, range: DateRange, dimension: 'department' | 'user'): ReportTable {
  const bucket = BUCKET[data.granularity];
  return {
    caption: `Cost per ${bucket.noun} by ${dimension}, ${span(range)}`,
    filename: `usage-${data.granularity}-by-${dimension}-${fileSpan(range)}.csv`,
    columns: [column(bucket.label, bucket.csv, false), ...data.series.map((s) => column(s.label, s.label))],
    rows: data.buckets.map((label, i) => ({
      key: `${i}-${label}`,
      cells: [{ text: bucketLabel(label), csv: label }, ...data.series.map((s) => money(s.points[i] ?? 0))],
    })),
  };
}

/** Departments in tree order, each with its parent named, then Unassigned; the total of the top level below. */
export function chargebackTable(data: UsageChargeback): ReportTable {
  const names = new Map(
    data.items.flatMap((item) => (item.department ? [[item.department.id, item.department.name]] : [])),
  );
  return {
    caption: `Cost per department, ${data.month} (${data.currency})`,
    filename: `chargeback-${data.month}.csv`,
    columns: [
      column('Department', 'department', false),
      column('Part of', 'parent_department', false),
      column('Cost with sub-departments', 'cost_usd'),
      column('Own cost', 'own_cost_usd'),
      column('Runs', 'runs'),
    ],
    rows: data.items.map((item) => {
      const parent = item.department?.parent_department_id;
      return {
        key: item.department?.id ?? 'unassigned',
        depth: item.depth,
        cells: [
          text(item.department?.name ?? 'Unassigned'),
          text(parent ? (names.get(parent) ?? '') : ''),
          money(item.cost_minor),
          money(item.own_minor),
          count(item.runs),
        ],
      };
    }),
    total: [text('Total'), text(''), money(data.total_minor), text(''), text('')],
  };
}

/** The table as a CSV file's text: its header, its rows, and its total when it has one. */
export function tableCsv(table: ReportTable): string {
  const rows = table.rows.map((row) => row.cells.map((cell) => cell.csv));
  if (table.total) rows.push(table.total.map((cell) => cell.csv));
  return toCsv(
    table.columns.map((c) => c.csv),
    rows,
  );
}
