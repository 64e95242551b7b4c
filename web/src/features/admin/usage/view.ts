import { type DateRange, hourlyAllowed, isMonth, presetRange, type RangeProblem, rangeProblem } from './range.ts';

export type Granularity = 'daily' | 'hourly';
export type SeriesDimension = 'department' | 'user';

/** The API's bounds for timeseries-by (src/modules/usage/schemas.ts). */
export const DEFAULT_SERIES = 6;
export const MAX_SERIES = 20;

/** What the Usage page shows, as its address holds it (so a view can be shared or reloaded). */
export interface UsageView {
  range: DateRange;
  /** Why the API would refuse the range; the reports wait for a good one. */
  problem: RangeProblem | null;
  /** Hourly only when the range allows it; the address may ask for more than it allows. */
  granularity: Granularity;
  by: SeriesDimension;
  limit: number;
  month: string;
}

/** The address's parameters: every one optional, anything unreadable falls back to the default. */
export type ViewParam = 'from' | 'to' | 'granularity' | 'by' | 'limit' | 'month';

/** Reads the view from the address; `today` is the organization's today, for the defaults. */
export function readView(params: URLSearchParams, today: string): UsageView {
  const fallback = presetRange('last30', today);
  const from = params.get('from');
  const to = params.get('to');
  const range = from !== null || to !== null ? { from: from ?? fallback.from, to: to ?? fallback.to } : fallback;
  const problem = rangeProblem(range);
  const limit = Number(params.get('limit') ?? DEFAULT_SERIES);
  const month = params.get('month') ?? '';
  return {
    range,
    problem,
    granularity: params.get('granularity') === 'hourly' && !problem && hourlyAllowed(range) ? 'hourly' : 'daily',
    by: params.get('by') === 'user' ? 'user' : 'department',
    limit: Number.isInteger(limit) && limit >= 1 && limit <= MAX_SERIES ? limit : DEFAULT_SERIES,
    month: isMonth(month) ? month : today.slice(0, 7),
  };
}

/** The address after a change: a null value drops the parameter. */
export function withChanges(params: URLSearchParams, changes: Partial<Record<ViewParam, string | null>>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
