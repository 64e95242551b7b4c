import { type CallInit, type FakeClient, ok } from '../../../test/fake-client.ts';
import type { UsageChargeback, UsageSummary, UsageTimeseries, UsageTimeseriesBy } from './usage-api.ts';

/** Component tests' fixtures for the Usage page (never imported by the app). */
export const summary = (overrides: Partial<UsageSummary> = {}): UsageSummary => ({
  total_cost_cents: 123_456,
  total_input_tokens: 1_234_567,
  total_output_tokens: 7654,
  total_cached_input_tokens: 4321,
  call_count: 321,
  period_cost_cents: 123_456,
  previous_period_cost_cents: 109_900,
  delta_pct: 12.3,
  ...overrides,
});

export const timeseries = (granularity: 'daily' | 'hourly'): UsageTimeseries => ({
  granularity,
  items:
    granularity === 'daily'
      ? [
          { date: '2024-03-30', cost_cents: 1050, input_tokens: 1200, output_tokens: 300 },
          { date: '2024-03-31', cost_cents: 0, input_tokens: 0, output_tokens: 0 },
        ]
      : [
          { date: '2024-03-31T00:00', cost_cents: 7, input_tokens: 10, output_tokens: 2 },
          { date: '2024-03-31T01:00', cost_cents: 9, input_tokens: 11, output_tokens: 3 },
        ],
});

const breakdownItems: Record<string, { id: string; label: string }[]> = {
  model: [
    { id: 'm1', label: 'Model One' },
    { id: 'm2', label: 'Model Two' },
  ],
  agent: [{ id: 'none', label: 'Unassigned' }],
  channel: [{ id: 'web', label: 'web' }],
  department: [{ id: 'd1', label: '=Platform' }],
  user: [{ id: 'u1', label: 'Alice Ames' }],
};

export const breakdown = (dimension: string) => ({
  dimension,
  items: (breakdownItems[dimension] ?? []).map((item, i) => ({
    ...item,
    cost_cents: 90_000 - i * 56_544,
    call_count: 200 - i * 79,
    percent_of_total: i === 0 ? 72.9 : 27.1,
  })),
});

export const timeseriesBy = (dimension: string, limit: number): UsageTimeseriesBy => ({
  granularity: 'daily',
  buckets: ['2024-03-30', '2024-03-31'],
  series: [
    { id: 'a', label: dimension === 'user' ? 'Alice Ames' : 'Engineering', points: [500, 250] },
    ...(limit > 1 ? [{ id: 'b', label: dimension === 'user' ? 'Bob Burns' : 'Web, "UI"', points: [100, 0] }] : []),
    { id: 'other', label: 'Other', points: [50, 1] },
  ],
});

export const chargeback = (month: string): UsageChargeback => ({
  month,
  currency: 'USD',
  total_minor: 1500,
  items: [
    {
      department: { id: '0190a000-0000-7000-8000-0000000000d1', name: 'Engineering', parent_department_id: null },
      depth: 0,
      cost_minor: 1000,
      own_minor: 400,
      runs: 3,
    },
    {
      department: {
        id: '0190a000-0000-7000-8000-0000000000d2',
        name: '=Platform',
        parent_department_id: '0190a000-0000-7000-8000-0000000000d1',
      },
      depth: 1,
      cost_minor: 600,
      own_minor: 600,
      runs: 2,
    },
    { department: null, depth: 0, cost_minor: 500, own_minor: 500, runs: 0 },
  ],
});

type Query = Record<string, string | number>;
const queryOf = (init: CallInit) => (init.params?.query ?? {}) as Query;

/** Answers every usage report from the fixtures above, for whatever the page asks. */
export function answerUsage(fake: FakeClient, timeZone = 'Asia/Kolkata', summaryOverrides: Partial<UsageSummary> = {}) {
  fake.on('GET', '/v1/organization', ok({ primary_timezone: timeZone }));
  fake.on('GET', '/v1/organization/usage/summary', ok(summary(summaryOverrides)));
  fake.on('GET', '/v1/organization/usage/timeseries', (init) =>
    ok(timeseries(queryOf(init).granularity === 'hourly' ? 'hourly' : 'daily')),
  );
  fake.on('GET', '/v1/organization/usage/breakdown', (init) => ok(breakdown(String(queryOf(init).dimension))));
  fake.on('GET', '/v1/organization/usage/timeseries-by', (init) => {
    const query = queryOf(init);
    return ok(timeseriesBy(String(query.dimension), Number(query.limit)));
  });
  fake.on('GET', '/v1/organization/usage/chargeback', (init) => ok(chargeback(String(queryOf(init).month))));
}

/** The query strings the page sent to one report's path. */
export const queriesTo = (fake: FakeClient, path: string) =>
  fake.api.GET.mock.calls.filter(([called]) => called === path).map(([, init]) => (init as CallInit).params?.query);
