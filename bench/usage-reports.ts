/**
 * `npm run bench:usage`: each usage report over 1,000,000 usage events of one organization (among 20), beside a bare
 * `SELECT count(*)` over the same organization's rows of the same range in the same run; p50 and p99 of each and
 * their ratio to the floor's p50 (goal: at most 3×).
 *
 * On the embedded PGlite (in memory) by default; on PostgreSQL with DATABASE_URL (a scratch database is created and
 * dropped). The events are written by `generate_series` in SQL, then the table is vacuumed and analysed as a live
 * table would be by autovacuum. Reports are timed at the store (the SQL statement and its decoding), not over HTTP.
 *
 * Options: --events=N (default 1,000,000) --others=N (events of each of the other 19 organizations, default 50,000)
 *          --iterations=N (default 15) --keep (PostgreSQL: keep the scratch database, to EXPLAIN the reports in psql)
 *          --reuse=NAME (PostgreSQL: time the reports again on a database kept earlier, without seeding; kept too)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seedOfflineModel } from '../src/modules/catalog/seed.ts';
import { chargebackStore } from '../src/modules/usage/chargeback.store.ts';
import { inclusiveDays } from '../src/modules/usage/schemas.ts';
import { usageStore } from '../src/modules/usage/store.ts';
import type { Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { rowsOf } from '../src/platform/db/rows.ts';
import { formatMs, openScratchDatabase, timeCalls } from './scratch-database.ts';

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const EVENTS = arg('events', 1_000_000);
const OTHERS = arg('others', 50_000);
const ITERATIONS = arg('iterations', 15);
const ORGS = 20;
const RANGE = { from: '2024-01-01', to: '2024-12-30' };
const MONTH = { from: '2024-03-01', to: '2024-03-31' };

const REUSE = process.argv.find((a) => a.startsWith('--reuse='))?.split('=')[1];

async function seeded(db: Database['db']): Promise<string> {
  await migrate(db);
  await seedOfflineModel(db);
  return seed(db);
}

/** 20 organizations (the first in Asia/Kolkata), 10 departments, 20 users and 5 agent ids each; events over 2024. */
async function seed(db: Database['db']): Promise<string> {
  await db.execute(sql`
    insert into organizations (id, name, primary_timezone)
    select ('00000000-0000-4000-8000-' || lpad(o::text, 12, '0'))::uuid, 'Bench ' || o,
           case when o = 1 then 'Asia/Kolkata' else 'UTC' end
      from generate_series(1, ${ORGS}) o`);
  await db.execute(sql`
    insert into departments (id, organization_id, parent_department_id, name)
    select ('00000000-0000-4000-9000-' || lpad((o * 100 + d)::text, 12, '0'))::uuid,
           ('00000000-0000-4000-8000-' || lpad(o::text, 12, '0'))::uuid, null, 'Department ' || d
      from generate_series(1, ${ORGS}) o, generate_series(1, 10) d`);
  const started = performance.now();
  for (let o = 1; o <= ORGS; o++) {
    const count = o === 1 ? EVENTS : OTHERS;
    await db.execute(sql`
      insert into usage_events (id, organization_id, user_id, agent_id, department_id, channel, run_id,
                                model_version_id, input_tokens, output_tokens, cached_input_tokens,
                                cost_micro_cents, occurred_at)
      select gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad(${o}::text, 12, '0'))::uuid,
             ('00000000-0000-4000-a000-' || lpad((i % 20)::text, 12, '0'))::uuid,
             case when i % 6 = 0 then null else ('00000000-0000-4000-b000-' || lpad((i % 5)::text, 12, '0'))::uuid end,
             case when i % 11 = 0 then null
                  else ('00000000-0000-4000-9000-' || lpad((${o} * 100 + i % 10 + 1)::text, 12, '0'))::uuid end,
             (array['web', 'api', 'slack'])[i % 3 + 1],
             ('00000000-0000-4000-c000-' || lpad((i / 7)::text, 12, '0'))::uuid,
             (select id from ai_model_versions limit 1), i % 4000, i % 1500, i % 300,
             (i % 3000000)::bigint, timestamptz '2024-01-01 00:00:00+00' + (i::bigint * 31536000 / ${count}) * interval '1 second'
        from generate_series(1, ${count}) i`);
  }
  console.log(
    `inserted ${EVENTS + OTHERS * (ORGS - 1)} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.execute(sql`vacuum analyze usage_events`);
  return '00000000-0000-4000-8000-000000000001';
}

async function main() {
  const { database, drop } = await openScratchDatabase('atrium_bench_usage', REUSE);
  try {
    const db = database.db;
    const org = REUSE ? '00000000-0000-4000-8000-000000000001' : await seeded(db);
    const floorQuery = sql`
      select count(*) from usage_events
       where organization_id = ${org}
         and occurred_at >= (${RANGE.from}::date)::timestamp at time zone 'Asia/Kolkata'
         and occurred_at < (${RANGE.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`;
    const [counted] = await rowsOf<{ count: string | number }>(db, floorQuery);
    console.log(`${database.kind}: ${counted?.count} events of the organization in ${RANGE.from}..${RANGE.to}`);
    const floor = await timeCalls(() => rowsOf(db, floorQuery), ITERATIONS);
    const week = { from: '2024-06-01', to: '2024-06-07' };
    // As the service does: the organization's time zone is read first, then the report runs on bound dates.
    const period = async (range: { from: string; to: string }) => ({
      ...range,
      timeZone: await usageStore.timeZoneOf(db, org),
      days: inclusiveDays(range.from, range.to),
    });
    const reports: [string, () => Promise<unknown>][] = [
      ['summary (365 days + previous)', async () => usageStore.summary(db, org, await period(RANGE))],
      ['timeseries daily (365)', async () => usageStore.timeseries(db, org, await period(RANGE), 'daily')],
      ['timeseries hourly (7 days)', async () => usageStore.timeseries(db, org, await period(week), 'hourly')],
      ['breakdown model', async () => usageStore.breakdown(db, org, await period(RANGE), 'model', 50)],
      ['breakdown user', async () => usageStore.breakdown(db, org, await period(RANGE), 'user', 50)],
      ['breakdown department', async () => usageStore.breakdown(db, org, await period(RANGE), 'department', 50)],
      ['breakdown channel', async () => usageStore.breakdown(db, org, await period(RANGE), 'channel', 50)],
      [
        'timeseries-by user daily',
        async () =>
          usageStore.timeseriesBy(db, org, await period(RANGE), { granularity: 'daily', dimension: 'user', limit: 6 }),
      ],
      ['chargeback (a month)', async () => chargebackStore.report(db, org, await period(MONTH))],
    ];
    const fmt = formatMs;
    console.log(`${'report'.padEnd(32)}${'p50'.padStart(10)}${'p99'.padStart(10)}  p50 / floor p50`);
    console.log(`${'count(*) floor (365 days)'.padEnd(32)}${fmt(floor.p50)}${fmt(floor.p99)}  1.0×`);
    for (const [name, fn] of reports) {
      const t = await timeCalls(fn, ITERATIONS);
      console.log(`${name.padEnd(32)}${fmt(t.p50)}${fmt(t.p99)}  ${(t.p50 / floor.p50).toFixed(1)}×`);
    }
  } finally {
    await database.close();
    await drop(process.argv.includes('--keep'));
  }
}

await main();
