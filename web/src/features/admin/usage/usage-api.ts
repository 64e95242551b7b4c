import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';
import type { DateRange } from './range.ts';
import type { Granularity, SeriesDimension } from './view.ts';

export type UsageSummary = components['schemas']['UsageSummary'];
export type UsageTimeseries = components['schemas']['UsageTimeseries'];
export type UsageBreakdown = components['schemas']['UsageBreakdown'];
export type BreakdownDimension = UsageBreakdown['dimension'];
export type UsageTimeseriesBy = components['schemas']['UsageTimeseriesBy'];
export type UsageChargeback = components['schemas']['UsageChargeback'];

export const usageKeys = {
  timeZone: ['admin', 'usage', 'time-zone'] as const,
  summary: (range: DateRange) => ['admin', 'usage', 'summary', range] as const,
  timeseries: (range: DateRange, granularity: Granularity) =>
    ['admin', 'usage', 'timeseries', range, granularity] as const,
  breakdown: (range: DateRange, dimension: BreakdownDimension) =>
    ['admin', 'usage', 'breakdown', range, dimension] as const,
  timeseriesBy: (range: DateRange, granularity: Granularity, dimension: SeriesDimension, limit: number) =>
    ['admin', 'usage', 'timeseries-by', range, granularity, dimension, limit] as const,
  chargeback: (month: string) => ['admin', 'usage', 'chargeback', month] as const,
};

/** The organization's time zone: the reports' days are its days. */
export async function readTimeZone(client: AtriumClient, signal: AbortSignal) {
  return unwrap(await client.api.GET('/v1/organization', { signal })).primary_timezone;
}

export async function readSummary(client: AtriumClient, range: DateRange, signal: AbortSignal) {
  return unwrap(await client.api.GET('/v1/organization/usage/summary', { params: { query: range }, signal }));
}

export async function readTimeseries(
  client: AtriumClient,
  range: DateRange,
  granularity: Granularity,
  signal: AbortSignal,
) {
  return unwrap(
    await client.api.GET('/v1/organization/usage/timeseries', {
      params: { query: { ...range, granularity } },
      signal,
    }),
  );
}

export async function readBreakdown(
  client: AtriumClient,
  range: DateRange,
  dimension: BreakdownDimension,
  signal: AbortSignal,
) {
  return unwrap(
    await client.api.GET('/v1/organization/usage/breakdown', { params: { query: { ...range, dimension } }, signal }),
  );
}

export async function readTimeseriesBy(
  client: AtriumClient,
  query: DateRange & { granularity: Granularity; dimension: SeriesDimension; limit: number },
  signal: AbortSignal,
) {
  return unwrap(await client.api.GET('/v1/organization/usage/timeseries-by', { params: { query }, signal }));
}

export async function readChargeback(client: AtriumClient, month: string, signal: AbortSignal) {
  const report = unwrap(
    await client.api.GET('/v1/organization/usage/chargeback', { params: { query: { month } }, signal }),
  );
  // The route answers text only when asked for format=csv.
  if (typeof report === 'string') throw new Error('The chargeback came back as text instead of JSON');
  return report;
}
