import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import type { DateRange } from './range.ts';
import {
  type BreakdownDimension,
  readBreakdown,
  readChargeback,
  readSummary,
  readTimeseries,
  readTimeseriesBy,
  readTimeZone,
  usageKeys,
} from './usage-api.ts';
import type { Granularity, SeriesDimension } from './view.ts';

/**
 * Each report keeps showing the previous figures while the next range loads, so the page does not jump. A report
 * carries the range it answers: while the previous one still shows, its table's caption and file name stay true.
 */
const KEEP = { placeholderData: keepPreviousData } as const;

export function useTimeZone() {
  const client = useClient();
  return useQuery({ queryKey: usageKeys.timeZone, queryFn: ({ signal }) => readTimeZone(client, signal) });
}

export function useSummary(range: DateRange) {
  const client = useClient();
  return useQuery({
    ...KEEP,
    queryKey: usageKeys.summary(range),
    queryFn: async ({ signal }) => ({ range, report: await readSummary(client, range, signal) }),
  });
}

export function useTimeseries(range: DateRange, granularity: Granularity) {
  const client = useClient();
  return useQuery({
    ...KEEP,
    queryKey: usageKeys.timeseries(range, granularity),
    queryFn: async ({ signal }) => ({ range, report: await readTimeseries(client, range, granularity, signal) }),
  });
}

export function useBreakdown(range: DateRange, dimension: BreakdownDimension) {
  const client = useClient();
  return useQuery({
    ...KEEP,
    queryKey: usageKeys.breakdown(range, dimension),
    queryFn: async ({ signal }) => ({ range, report: await readBreakdown(client, range, dimension, signal) }),
  });
}

export function useTimeseriesBy(range: DateRange, granularity: Granularity, dimension: SeriesDimension, limit: number) {
  const client = useClient();
  return useQuery({
    ...KEEP,
    queryKey: usageKeys.timeseriesBy(range, granularity, dimension, limit),
    queryFn: async ({ signal }) => ({
      range,
      dimension,
      report: await readTimeseriesBy(client, { ...range, granularity, dimension, limit }, signal),
    }),
  });
}

export function useChargeback(month: string) {
  const client = useClient();
  return useQuery({
    ...KEEP,
    queryKey: usageKeys.chargeback(month),
    queryFn: ({ signal }) => readChargeback(client, month, signal),
  });
}
