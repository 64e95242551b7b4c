import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createServiceAccountWithKey, type OrgUser } from './helpers/fixtures.ts';
import { expectRouteSecurity } from './helpers/security.ts';
import {
  addDays,
  bucketsOf,
  cents,
  createModelVersions,
  daysBetween,
  pct,
  seedUsageOrg,
  sum,
  type UsageOrg,
  within,
} from './helpers/usage-events.ts';

const USAGE = '/v1/organization/usage';

let app: TestApp;
let kolkata: UsageOrg;
let newYork: UsageOrg;
let utc: UsageOrg;
let member: OrgUser;
let memberKey: string;

beforeAll(async () => {
  app = await startTestApp();
  const models = await createModelVersions(app, ['Model One', 'Model Two']);
  kolkata = await seedUsageOrg(app, 'Asia/Kolkata', models, 1);
  newYork = await seedUsageOrg(app, 'America/New_York', models, 2);
  utc = await seedUsageOrg(app, 'UTC', models, 3);
  member = await addUser(app, utc.org.admin.http, { role: 'member' });
  memberKey = (await createServiceAccountWithKey(utc.org.admin.http, 'member')).key;
});
afterAll(() => app?.close());

/** The summary as computed from the inserted rows. */
function expectedSummary(o: UsageOrg, from: string, to: string) {
  const current = within(o.events, o.timezone, from, to);
  const days = daysBetween(from, to);
  const previous = within(o.events, o.timezone, addDays(from, -days), addDays(from, -1));
  const cost = sum(current, (e) => e.costMicroCents);
  const previousCost = sum(previous, (e) => e.costMicroCents);
  return {
    total_cost_cents: cents(cost),
    total_input_tokens: Number(sum(current, (e) => BigInt(e.inputTokens))),
    total_output_tokens: Number(sum(current, (e) => BigInt(e.outputTokens))),
    total_cached_input_tokens: Number(sum(current, (e) => BigInt(e.cachedInputTokens))),
    call_count: current.length,
    period_cost_cents: cents(cost),
    previous_period_cost_cents: cents(previousCost),
    delta_pct: cents(previousCost) === 0 ? null : pct(cost - previousCost, previousCost),
  };
}

function expectedSeries(o: UsageOrg, from: string, to: string, granularity: 'daily' | 'hourly') {
  const { labels, indexOf } = bucketsOf(o.timezone, from, to, granularity);
  const items = labels.map((date) => ({ date, cost: 0n, input_tokens: 0, output_tokens: 0 }));
  for (const e of within(o.events, o.timezone, from, to)) {
    const item = items[indexOf(e)]!;
    item.cost += e.costMicroCents;
    item.input_tokens += e.inputTokens;
    item.output_tokens += e.outputTokens;
  }
  return {
    granularity,
    items: items.map(({ cost, ...rest }) => ({ ...rest, cost_cents: cents(cost) })),
  };
}

const RANGES: [string, string][] = [
  ['2024-03-01', '2024-03-31'],
  ['2024-04-01', '2024-04-01'],
  ['2024-03-31', '2024-03-31'],
  ['2024-11-01', '2024-11-07'],
  ['2024-01-01', '2024-12-30'],
  ['2024-07-01', '2024-12-31'],
];

describe('usage summary', () => {
  it('totals the range in the organization’s time zone against the previous period, exact to the cent', async () => {
    for (const o of [kolkata, newYork, utc]) {
      for (const [from, to] of RANGES) {
        const res = await o.org.admin.http.get(`${USAGE}/summary?from=${from}&to=${to}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body, `${o.timezone} ${from}..${to}`).toEqual(expectedSummary(o, from, to));
      }
    }
  });

  it('counts the last instant of a local day in that day and the next instant in the next (+05:30, DST, UTC)', async () => {
    for (const o of [kolkata, newYork, utc]) {
      const day = (await o.org.admin.http.get(`${USAGE}/summary?from=2024-04-01&to=2024-04-01`)).body;
      expect(day.call_count).toBe(within(o.events, o.timezone, '2024-04-01', '2024-04-01').length);
      expect(day.call_count).toBeGreaterThan(0);
    }
  });

  it('answers zeros and a null delta for a range without usage', async () => {
    const res = await utc.org.admin.http.get(`${USAGE}/summary?from=2030-01-01&to=2030-01-31`);
    expect(res.body).toEqual({
      total_cost_cents: 0,
      total_input_tokens: 0,
      total_output_tokens: 0,
      total_cached_input_tokens: 0,
      call_count: 0,
      period_cost_cents: 0,
      previous_period_cost_cents: 0,
      delta_pct: null,
    });
  });
});

describe('usage timeseries', () => {
  it('has every local day, zeros included, in each time zone', async () => {
    for (const o of [kolkata, newYork, utc]) {
      for (const [from, to] of [
        ['2024-03-01', '2024-04-15'],
        ['2024-01-01', '2024-12-30'],
      ] as const) {
        const res = await o.org.admin.http.get(`${USAGE}/timeseries?from=${from}&to=${to}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body, `${o.timezone} ${from}..${to}`).toEqual(expectedSeries(o, from, to, 'daily'));
      }
    }
  });

  it('has real hours labelled in local time: 23 and 25 across DST, half-hour offsets on the local hour', async () => {
    const hourly = async (o: UsageOrg, from: string, to: string) => {
      const res = await o.org.admin.http.get(`${USAGE}/timeseries?from=${from}&to=${to}&granularity=hourly`);
      expect(res.status, res.text).toBe(200);
      expect(res.body, `${o.timezone} ${from}..${to}`).toEqual(expectedSeries(o, from, to, 'hourly'));
      return res.body.items.map((i: { date: string }) => i.date) as string[];
    };
    const spring = await hourly(newYork, '2024-03-10', '2024-03-10');
    expect(spring).toHaveLength(23);
    expect(spring.slice(1, 3)).toEqual(['2024-03-10T01:00', '2024-03-10T03:00']);
    const autumn = await hourly(newYork, '2024-11-03', '2024-11-03');
    expect(autumn).toHaveLength(25);
    // The repeated hour is two buckets with the same local label, daylight time first.
    expect(autumn.slice(0, 4)).toEqual([
      '2024-11-03T00:00',
      '2024-11-03T01:00',
      '2024-11-03T01:00',
      '2024-11-03T02:00',
    ]);
    expect(await hourly(newYork, '2024-11-01', '2024-11-07')).toHaveLength(169);
    const india = await hourly(kolkata, '2024-03-31', '2024-04-06');
    expect(india).toHaveLength(168);
    expect(india[0]).toBe('2024-03-31T00:00');
    await hourly(utc, '2024-11-01', '2024-11-07');
  });
});

describe('usage report validation', () => {
  const cases: [string, RegExp][] = [
    ['summary', /from/],
    ['summary?from=2024-01-01', /to/],
    ['summary?from=2024-02-30&to=2024-03-01', /from: must be a real calendar date/],
    ['summary?from=2024-1-01&to=2024-03-01', /from: must be a date written YYYY-MM-DD/],
    ['summary?from=2024-03-02&to=2024-03-01', /to: must be on or after from/],
    ['summary?from=2024-01-01&to=2024-12-31', /at most 365 days/],
    ['summary?from=2024-01-01&to=2024-01-02&granularity=daily', /Unknown field/],
    ['timeseries?from=2024-01-01&to=2024-01-08&granularity=hourly', /at most 7 days/],
    ['timeseries?from=2024-01-01&to=2024-01-02&granularity=weekly', /granularity/],
    ['timeseries?from=2023-01-01&to=2024-01-01', /at most 365 days/],
    ['breakdown?from=2024-01-01&to=2024-01-02', /dimension/],
    ['breakdown?from=2024-01-01&to=2024-01-02&dimension=project', /dimension/],
    ['timeseries-by?from=2024-01-01&to=2024-01-02&dimension=agent', /dimension/],
    ['timeseries-by?from=2024-01-01&to=2024-01-02&dimension=user&limit=21', /limit/],
    ['timeseries-by?from=2024-01-01&to=2024-01-02&dimension=user&limit=0', /limit/],
    ['timeseries-by?from=2024-01-01&to=2024-01-02&dimension=user&limit=two', /limit/],
    ['timeseries-by?from=2024-01-01&to=2024-01-09&dimension=user&granularity=hourly', /at most 7 days/],
    ['chargeback', /month/],
    ['chargeback?month=2024-13', /month/],
    ['chargeback?month=2024-1', /month/],
    ['chargeback?month=2024-01&format=xlsx', /format/],
  ];
  it('refuses malformed, reversed and oversized ranges with 400 invalid_request', async () => {
    for (const [path, message] of cases) {
      const res = await utc.org.admin.http.get(`${USAGE}/${path}`);
      expectError(res, 400, 'invalid_request');
      expect(res.body.error, path).toMatch(message);
    }
  });

  it('accepts exactly 365 days, and 7 days hourly', async () => {
    expect((await utc.org.admin.http.get(`${USAGE}/summary?from=2023-01-01&to=2023-12-31`)).status).toBe(200);
    const hourly = await utc.org.admin.http.get(`${USAGE}/timeseries?from=2024-01-01&to=2024-01-07&granularity=hourly`);
    expect(hourly.body.items).toHaveLength(168);
  });
});

describe('usage report security', () => {
  it('refuses members, member keys and the web key; another organization never sees these events', async () => {
    const forbidden = [
      { credential: member.token, code: 'forbidden' },
      { credential: memberKey, code: 'forbidden' },
      { credential: app.webKey, code: 'forbidden' },
    ];
    const q = 'from=2024-01-01&to=2024-01-31';
    // These paths carry no id (the organization is the caller's): the cross-organization check is behavioural,
    // every figure of each organization above equals the computation over its own events alone.
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/usage/summary',
      path: `${USAGE}/summary?${q}`,
      forbidden,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/usage/timeseries',
      path: `${USAGE}/timeseries?${q}`,
      forbidden,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/usage/breakdown',
      path: `${USAGE}/breakdown?${q}&dimension=user`,
      forbidden,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/usage/timeseries-by',
      path: `${USAGE}/timeseries-by?${q}&dimension=user`,
      forbidden,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/usage/chargeback',
      path: `${USAGE}/chargeback?month=2024-01`,
      forbidden,
    });
    const fresh = await seedUsageOrg(app, 'UTC', utc.models, 9, 0);
    const empty = await fresh.org.admin.http.get(`${USAGE}/breakdown?from=2024-01-01&to=2024-12-30&dimension=model`);
    expect(empty.body).toEqual({ dimension: 'model', items: [] });
  });
});
