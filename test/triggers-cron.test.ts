import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AtriumProcess,
  installation,
  killAll,
  outputs,
  ownPostgres,
  type SignedIn,
  signInOrgAdmin,
  startApi,
  startWorkerProcess,
} from './helpers/processes.ts';

/**
 * The scheduler across processes: an API process (no scheduler) and two `atrium worker` processes polling every
 * 100 ms on one PostgreSQL database (always PostgreSQL: several processes share it), in both CI passes.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let db: { url: string; drop(): Promise<void> };
let sql: pg.Client;
let api: AtriumProcess;
let workers: AtriumProcess[] = [];
let admin: SignedIn;
let inst: ReturnType<typeof installation>;

beforeAll(async () => {
  db = await ownPostgres('trigcron');
  inst = installation(db.url, { ATRIUM_SCHEDULER_INTERVAL_MS: '100' });
  api = await startApi(inst, 'api');
  admin = await signInOrgAdmin(api.url, inst);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await killAll();
  await sql?.end();
  await db?.drop();
});

async function cronTriggers(count: number, schedule = '* * * * *'): Promise<{ agentId: string; ids: string[] }> {
  const agent = await admin.http.post('/v1/agents', { name: `Cron ${Date.now()}`, system_prompt: 'Report.' });
  expect(agent.status, agent.text).toBe(201);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = await admin.http.post(`/v1/agents/${agent.body.id}/triggers`, {
      type: 'cron',
      schedule,
      payload: { prompt: `Tick ${i}` },
    });
    expect(t.status, t.text).toBe(201);
    ids.push(t.body.id);
  }
  return { agentId: agent.body.id, ids };
}

const firesOf = async (ids: string[]) =>
  (await sql.query('select trigger_id, due_at from trigger_fires where trigger_id = any($1)', [ids])).rows;
const runsOf = async (agentId: string) =>
  (await sql.query('select id, status, thread_id from runs where agent_id = $1', [agentId])).rows;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time\n${outputs(api, ...workers)}`);
    await sleep(100);
  }
}

describe('cron triggers across worker processes', () => {
  it('fires a due time exactly once with two workers racing for it', async () => {
    workers = [await startWorkerProcess(inst, 'worker-1'), await startWorkerProcess(inst, 'worker-2')];
    // A yearly schedule, so the only due time inside the test is the forced one (an every-minute schedule would
    // legitimately fire again whenever the test crosses a minute boundary).
    const { agentId, ids } = await cronTriggers(5, '0 0 1 1 *');
    // Due in two seconds (not at a schedule boundary), for every trigger at once.
    await sql.query(`update triggers set next_fire_at = now() + interval '2 seconds' where id = any($1)`, [ids]);
    await until('five fires', async () => (await firesOf(ids)).length === 5);
    await until('five completed runs', async () => (await runsOf(agentId)).every((r) => r.status === 'completed'));
    // Twenty more scheduler intervals of both workers: nothing fires twice.
    await sleep(2000);
    const fires = await firesOf(ids);
    expect(fires.map((f) => f.trigger_id).sort()).toEqual([...ids].sort());
    const created = await runsOf(agentId);
    expect(created).toHaveLength(5);
    expect(new Set(created.map((r) => r.thread_id)).size).toBe(5);
    const next = await admin.http.get(`/v1/agents/${agentId}/triggers`);
    for (const t of next.body.data) {
      expect(new Date(t.nextFireAt).getTime()).toBeGreaterThan(Date.now() - 1000);
      expect(new Date(t.nextFireAt).getUTCSeconds()).toBe(0);
      expect(t.last_fired_at).not.toBeNull();
    }
  }, 90_000);

  it('fires a time missed while no worker ran once, for its latest due time', async () => {
    await Promise.all(workers.map((w) => w.kill()));
    const { agentId, ids } = await cronTriggers(1);
    // Five due times missed: the trigger was due five minutes ago.
    await sql.query(`update triggers set next_fire_at = now() - interval '5 minutes' where id = any($1)`, [ids]);
    workers = [await startWorkerProcess(inst, 'worker-3')];
    // The latest due time of the first fire seen: every missed due time is at or before it, a later one is not.
    let catchUpDue = 0;
    await until('the catch-up fire', async () => {
      const seen = await firesOf(ids);
      if (seen.length > 0) catchUpDue = Math.max(...seen.map((f) => new Date(f.due_at).getTime()));
      return seen.length > 0;
    });
    await sleep(1500);
    // One fire for all the missed due times (a later fire, if the test crosses a minute boundary, is the next one).
    const fires = (await firesOf(ids)).filter((f) => new Date(f.due_at).getTime() <= catchUpDue);
    expect(fires).toHaveLength(1);
    // The latest missed due time, not the oldest one five minutes back.
    expect(Date.now() - catchUpDue).toBeLessThan(120_000);
    expect(new Date(catchUpDue).getUTCSeconds()).toBe(0);
    // Each fire made one run (one statement, so both counts come from one snapshot).
    const counts = await sql.query(
      'select (select count(*) from trigger_fires where trigger_id = any($1))::int as fires, (select count(*) from runs where agent_id = $2)::int as runs',
      [ids, agentId],
    );
    expect(counts.rows[0].runs).toBe(counts.rows[0].fires);
  }, 90_000);

  it('skips a due time whose fire is refused (no subscription): recorded once, no run, the schedule moves on', async () => {
    const { agentId, ids } = await cronTriggers(1, '0 0 1 1 *');
    const cancel = await admin.http.post('/v1/organization/subscription/cancel', {});
    expect(cancel.status, cancel.text).toBe(200);
    await sql.query(`update triggers set next_fire_at = now() + interval '1 second' where id = any($1)`, [ids]);
    await until('the refused fire recorded', async () => (await firesOf(ids)).length === 1);
    await sleep(1500);
    expect(await firesOf(ids)).toHaveLength(1);
    expect(await runsOf(agentId)).toEqual([]);
    const { rows } = await sql.query('select next_fire_at from triggers where id = $1', [ids[0]]);
    // The next due time of a yearly schedule (a new year's midnight), not a retry of the refused one.
    expect(new Date(rows[0].next_fire_at).getTime()).toBeGreaterThan(Date.now() + 60_000);
  }, 90_000);
});
