import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_CHANNEL, LISTENER_APPLICATION_NAME } from '../src/platform/jobs/notify.ts';
import {
  type AtriumProcess,
  type Installation,
  installation,
  killAll,
  outputs,
  ownPostgres,
  type SignedIn,
  signInOrgAdmin,
  startApi,
  startWorkerProcess,
} from './helpers/processes.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { until } from './helpers/until.ts';

/**
 * An API process enqueues a run; a worker process claims it at once through PostgreSQL's notify rather than at its
 * next poll, and still does after its listening connection is killed. Two processes on one database, so always
 * on PostgreSQL (the run's database cloned when DATABASE_URL is set, else one of its own on the local server).
 *
 * The hop is measured on the database clock: the run's start (its handler moving it to running) less its
 * creation (the launch statement that enqueued its job). The worker's lanes poll every 500 ms, so by polling alone
 * a hop is spread over 0–500 ms and half of them exceed 250 ms; woken by the notification, they all take a few ms.
 */
const HOPS = 10;
const WOKEN_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: { url: string; drop(): Promise<void> } | undefined;
let inst: Installation;
let api: AtriumProcess | undefined;
let worker: AtriumProcess | undefined;
let admin: SignedIn;
let sql: pg.Client;
const logs = () => outputs(api, worker);

beforeAll(async () => {
  database = await ownPostgres('notify');
  inst = installation(database.url);
  [api, worker] = await Promise.all([startApi(inst, 'api'), startWorkerProcess(inst, 'worker')]);
  admin = await signInOrgAdmin(api.url, inst);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 90_000);

afterAll(async () => {
  await sql?.end();
  await killAll();
  await database?.drop();
}, 30_000);

const listenerPids = async (): Promise<number[]> =>
  (
    await sql.query(
      'select pid from pg_stat_activity where datname = current_database() and application_name = $1 and query = $2',
      [LISTENER_APPLICATION_NAME, `LISTEN ${JOBS_CHANNEL}`],
    )
  ).rows.map((r) => r.pid as number);

/** Runs started one after another, each in a new thread at a random point of the worker's poll cycle. */
async function hops(): Promise<number[]> {
  const measured: number[] = [];
  for (let i = 0; i < HOPS; i++) {
    const thread = await admin.http.post('/v1/threads', { title: `Notify ${i + 1}` });
    expect(thread.status, thread.text).toBe(201);
    await sleep(randomInt(0, 500));
    const { run } = await postAndRun(admin.http, thread.body.id, `Hop ${i + 1}`);
    await waitForRun(admin.http, thread.body.id, run.id);
    const row = await sql.query(
      'select extract(epoch from started_at - created_at) * 1000 as ms from runs where id = $1',
      [run.id],
    );
    measured.push(Number(row.rows[0].ms));
  }
  return measured.sort((a, b) => a - b);
}

describe('job wake-ups across processes', () => {
  it('has the worker process claim a run enqueued by the API process well before its poll would', async () => {
    expect(await listenerPids(), logs()).toHaveLength(1);
    const measured = await hops();
    expect(measured[Math.floor(HOPS / 2)], `hops ${measured.join(', ')} ms\n${logs()}`).toBeLessThan(WOKEN_MS);
  }, 60_000);

  it('keeps doing so after the listening connection is killed', async () => {
    const [first] = await listenerPids();
    const killed = await sql.query(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and query like 'LISTEN%'",
    );
    expect(killed.rows).toEqual([{ done: true }]);
    const again = await until(
      'the worker to listen again',
      async () => (await listenerPids()).find((pid) => pid !== first),
      10_000,
    );
    expect(again).not.toBe(first);
    expect(worker!.output()).toContain('job wake-up listener: connection lost; reconnecting');
    const measured = await hops();
    expect(measured[Math.floor(HOPS / 2)], `hops ${measured.join(', ')} ms\n${logs()}`).toBeLessThan(WOKEN_MS);
  }, 60_000);
});
