import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import {
  bucketsOf,
  cents,
  createModelVersions,
  groupedByCost,
  insertEvents,
  pct,
  seedUsageOrg,
  sum,
  type UsageEvent,
  type UsageOrg,
  within,
} from './helpers/usage-events.ts';

const USAGE = '/v1/organization/usage';
const MODEL_NAMES = ['Model One', 'Model Two', 'Model Three'];

let app: TestApp;
let orgs: UsageOrg[];
let models: string[];

beforeAll(async () => {
  app = await startTestApp();
  models = await createModelVersions(app, MODEL_NAMES);
  orgs = [await seedUsageOrg(app, 'Asia/Kolkata', models, 11), await seedUsageOrg(app, 'America/New_York', models, 12)];
  for (const o of orgs) {
    for (const [i, id] of models.entries()) o.labels.set(id, MODEL_NAMES[i]!);
  }
});
afterAll(() => app?.close());

const KEYS = {
  model: (e: UsageEvent) => e.modelVersionId,
  agent: (e: UsageEvent) => e.agentId,
  channel: (e: UsageEvent) => e.channel,
  department: (e: UsageEvent) => e.departmentId,
  user: (e: UsageEvent) => e.userId,
} as const;

const labelOf = (o: UsageOrg, id: string, isNull: boolean) => (isNull ? 'Unassigned' : o.labels.get(id)!);

describe('usage breakdown', () => {
  it('groups by each dimension, costliest first, percent of the exact total, labels joined', async () => {
    for (const o of orgs) {
      for (const [from, to] of [
        ['2024-03-01', '2024-03-31'],
        ['2024-01-01', '2024-12-30'],
      ] as const) {
        const events = within(o.events, o.timezone, from, to);
        const total = sum(events, (e) => e.costMicroCents);
        for (const dimension of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
          const res = await o.org.admin.http.get(`${USAGE}/breakdown?from=${from}&to=${to}&dimension=${dimension}`);
          expect(res.status, res.text).toBe(200);
          const items = groupedByCost(events, KEYS[dimension]).map((g) => ({
            id: g.id,
            label: labelOf(o, g.id, g.isNull),
            cost_cents: cents(g.cost),
            call_count: g.calls,
            percent_of_total: pct(g.cost, total),
          }));
          expect(res.body, `${o.timezone} ${dimension} ${from}..${to}`).toEqual({ dimension, items });
        }
      }
    }
  });

  it('keeps the 50 costliest rows, ties ordered by id', async () => {
    const o = await seedUsageOrg(app, 'UTC', models, 13, 0);
    const channels = Array.from({ length: 60 }, (_, i) => `ch-${String(i).padStart(2, '0')}`);
    const events: UsageEvent[] = channels.map((channel, i) => ({
      organizationId: o.org.org.id,
      userId: null,
      agentId: null,
      departmentId: null,
      channel,
      runId: null,
      modelVersionId: models[0]!,
      inputTokens: 1,
      outputTokens: 1,
      cachedInputTokens: 0,
      // Pairs of equal costs: ties broken by id.
      costMicroCents: BigInt(Math.floor(i / 2)) * 500_000n,
      occurredAt: new Date('2024-05-05T12:00:00Z'),
    }));
    await insertEvents(app, events);
    const res = await o.org.admin.http.get(`${USAGE}/breakdown?from=2024-05-05&to=2024-05-05&dimension=channel`);
    const expected = groupedByCost(events, (e) => e.channel).slice(0, 50);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(expected.map((g) => g.id));
    expect(res.body.items[0]).toMatchObject({ id: 'ch-58', label: 'ch-58', cost_cents: 15 });
    // Rows are each rounded: 0.5 cents shows as 1 (half-up), and the rows need not add up to the rounded total.
    expect(res.body.items.at(-1)).toMatchObject({ id: 'ch-11', cost_cents: 3 });
  });
});

describe('usage timeseries by department or user', () => {
  it('has the top series by cost and the remainder as Other, per bucket, in cents', async () => {
    for (const o of orgs) {
      for (const [granularity, from, to] of [
        ['daily', '2024-03-01', '2024-04-10'],
        ['hourly', '2024-11-01', '2024-11-07'],
      ] as const) {
        for (const dimension of ['department', 'user'] as const) {
          for (const limit of [2, 20]) {
            const url = `${USAGE}/timeseries-by?from=${from}&to=${to}&granularity=${granularity}&dimension=${dimension}&limit=${limit}`;
            const res = await o.org.admin.http.get(url);
            expect(res.status, res.text).toBe(200);
            const { labels, indexOf } = bucketsOf(o.timezone, from, to, granularity);
            const events = within(o.events, o.timezone, from, to);
            const ranked = groupedByCost(events, KEYS[dimension]);
            const top = ranked.slice(0, limit);
            const pointsOf = (keep: (e: UsageEvent) => boolean) => {
              const micro = labels.map(() => 0n);
              for (const e of events.filter(keep)) micro[indexOf(e)]! += e.costMicroCents;
              return micro.map(cents);
            };
            const idOf = (e: UsageEvent) => KEYS[dimension](e) ?? 'none';
            const topIds = new Set(top.map((g) => g.id));
            expect(res.body, `${o.timezone} ${granularity} ${dimension} ${limit}`).toEqual({
              granularity,
              buckets: labels,
              series: [
                ...top.map((g) => ({
                  id: g.id,
                  label: labelOf(o, g.id, g.isNull),
                  points: pointsOf((e) => idOf(e) === g.id),
                })),
                { id: 'other', label: 'Other', points: pointsOf((e) => !topIds.has(idOf(e))) },
              ],
            });
          }
        }
      }
    }
  });

  it('defaults to daily and six series; an empty range has its buckets and a zero Other', async () => {
    const o = orgs[0]!;
    const res = await o.org.admin.http.get(`${USAGE}/timeseries-by?from=2030-01-01&to=2030-01-03&dimension=user`);
    expect(res.body).toEqual({
      granularity: 'daily',
      buckets: ['2030-01-01', '2030-01-02', '2030-01-03'],
      series: [{ id: 'other', label: 'Other', points: [0, 0, 0] }],
    });
  });
});
