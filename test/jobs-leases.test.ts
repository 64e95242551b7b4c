import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../src/platform/db/client.ts';
import { jobs } from '../src/platform/db/schema/index.ts';
import {
  createJobWorker,
  enqueue,
  getJob,
  type JobLogger,
  type JobWorker,
  type JobWorkerOptions,
} from '../src/platform/jobs/index.ts';
import { cloneTestDatabase } from './helpers/database.ts';

/**
 * Leases under the per-worker heartbeat: a worker that stops beating (its process died) loses its jobs to another
 * worker within a lease and a poll, a live worker keeps a job however long its handler takes, and one statement
 * renews the leases of all of a worker's jobs.
 */
let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
let db: Executor;
let workers: JobWorker[] = [];
const silent: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

function worker(options: Partial<JobWorkerOptions> & Pick<JobWorkerOptions, 'handlers'>): JobWorker {
  const created = createJobWorker({ db, logger: silent, ...options });
  workers.push(created);
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function waitForStatus(id: string, status: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJob(db, id);
    if (job?.status === status) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${job?.status}, not ${status}, in time`);
    await sleep(15);
  }
}

/**
 * The database as a process that is about to die sees it: after `kill()` nothing it sends arrives (no heartbeat,
 * no claim, no outcome), as with a SIGKILLed worker whose connections are gone.
 */
function doomed(target: Executor) {
  let dead = false;
  const never = () => new Promise<never>(() => {});
  const proxy = new Proxy(target, {
    get(t, property, receiver) {
      if (dead && (property === 'execute' || property === 'transaction')) return never;
      return Reflect.get(t, property, receiver);
    },
  });
  return {
    db: proxy,
    kill() {
      dead = true;
    },
  };
}

beforeAll(async () => {
  clone = await cloneTestDatabase();
  db = clone.database.db;
});

afterAll(async () => {
  await clone?.database.close();
  await clone?.drop();
});

beforeEach(async () => {
  await db.delete(jobs);
});

afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

describe('a worker that stops beating', () => {
  it('loses its job to another worker within the default lease and poll, about 6 s', async () => {
    const id = await enqueue(db, { kind: 'lease.hang', payload: {}, maxAttempts: 3 });
    const started = deferred();
    const dying = doomed(db);
    // Not in `workers`: a dead process never stops, and its handler never returns.
    createJobWorker({
      db: dying.db,
      workerId: 'doomed',
      logger: silent,
      handlers: {
        'lease.hang': async () => {
          started.resolve();
          await new Promise(() => {});
        },
      },
    }).start();
    await started.promise;
    const claimed = await getJob(db, id);
    const [claim] = await rows<{ held: number }>(
      sql`select extract(epoch from (lease_expires_at - now())) * 1000 as held from jobs where id = ${id}`,
    );
    // The default lease: 6 s from the claim.
    expect(Number(claim!.held)).toBeGreaterThan(5000);
    expect(Number(claim!.held)).toBeLessThanOrEqual(6000);

    const rescued: number[] = [];
    worker({
      workerId: 'rescuer',
      handlers: { 'lease.hang': async (job) => void rescued.push(job.attempt) },
    }).start();
    // Let the doomed worker beat at least once (every 2 s), so the lease it loses is one it kept alive.
    await sleep(2300);
    expect((await getJob(db, id))?.leaseExpiresAt?.getTime()).toBeGreaterThan(claimed!.leaseExpiresAt!.getTime());
    dying.kill();
    const killedAt = Date.now();
    const lease = (await getJob(db, id))!.leaseExpiresAt!;

    const done = await waitForStatus(id, 'completed');
    const tookMs = Date.now() - killedAt;
    expect(done).toMatchObject({ attempts: 2, lockedBy: 'rescuer' });
    expect(rescued).toEqual([2]);
    // Not before the lease ran out (database clock), and no later than a lease and a poll after the kill.
    expect(done.updatedAt.getTime()).toBeGreaterThanOrEqual(lease.getTime());
    expect(tookMs).toBeLessThanOrEqual(6000 + 500 + 400);
  });
});

describe('a live worker', () => {
  it('keeps a job whose handler runs several leases long: nobody else takes it, its signal stays quiet', async () => {
    const id = await enqueue(db, { kind: 'lease.slow', payload: {} });
    const runs: string[] = [];
    let aborted = false;
    const started = deferred();
    const handler = (name: string) => async (_job: unknown, ctx: { signal: AbortSignal }) => {
      runs.push(name);
      started.resolve();
      await sleep(2500);
      aborted ||= ctx.signal.aborted;
    };
    worker({ workerId: 'slow', leaseMs: 500, handlers: { 'lease.slow': handler('slow') } }).start();
    await started.promise;
    worker({ workerId: 'other', pollMs: 20, handlers: { 'lease.slow': handler('other') } }).start();
    const done = await waitForStatus(id, 'completed');
    expect(done).toMatchObject({ attempts: 1, lockedBy: 'slow' });
    expect(runs).toEqual(['slow']);
    expect(aborted).toBe(false);
  });

  it('renews the leases of all its running jobs with one statement per beat', async () => {
    const n = 5;
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await enqueue(db, { kind: 'lease.many', payload: { i } }));
    const gate = deferred();
    let started = 0;
    const allStarted = deferred();
    worker({
      workerId: 'busy',
      concurrency: n,
      leaseMs: 900,
      handlers: {
        'lease.many': async () => {
          if (++started === n) allStarted.resolve();
          await gate.promise;
        },
      },
    }).start();
    try {
      await allStarted.promise;
      // Every slot is taken, so the worker claims nothing: the only writes to jobs now are its heartbeats.
      await db.execute(sql`create table heartbeat_statements (at timestamptz not null default clock_timestamp())`);
      await db.execute(sql`create function count_heartbeat() returns trigger language plpgsql as $$
        begin insert into heartbeat_statements default values; return null; end $$`);
      await db.execute(
        sql`create trigger count_heartbeat after update on jobs for each statement execute function count_heartbeat()`,
      );
      await sleep(1500);
      await db.execute(sql`drop trigger count_heartbeat on jobs`);
      const [beats] = await rows<{ count: number }>(sql`select count(*)::int as count from heartbeat_statements`);
      // A beat every 300 ms (a third of the lease): about 5 in 1.5 s, not 5 per job.
      expect(beats!.count).toBeGreaterThanOrEqual(3);
      expect(beats!.count).toBeLessThanOrEqual(7);
      const leases = await rows<{ left: number }>(
        sql`select extract(epoch from (lease_expires_at - now())) * 1000 as left from jobs where locked_by = 'busy'`,
      );
      expect(leases).toHaveLength(n);
      for (const lease of leases) expect(Number(lease.left)).toBeGreaterThan(0);
    } finally {
      gate.resolve();
      await db.execute(sql`drop trigger if exists count_heartbeat on jobs`);
      await db.execute(sql`drop function if exists count_heartbeat()`);
      await db.execute(sql`drop table if exists heartbeat_statements`);
    }
    for (const id of ids) expect(await waitForStatus(id, 'completed')).toMatchObject({ attempts: 1 });
  });

  it('aborts only the job whose lease was taken; its other job runs on and records its outcome', async () => {
    const stolen = await enqueue(db, { kind: 'lease.pair', payload: { n: 1 } });
    const kept = await enqueue(db, { kind: 'lease.pair', payload: { n: 2 } });
    const gate = deferred();
    const signals = new Map<string, AbortSignal>();
    const bothStarted = deferred();
    const w = worker({
      workerId: 'pair',
      concurrency: 2,
      leaseMs: 2000,
      heartbeatMs: 40,
      handlers: {
        'lease.pair': async (job, { signal }) => {
          signals.set(job.id, signal);
          if (signals.size === 2) bothStarted.resolve();
          await Promise.race([gate.promise, new Promise((resolve) => signal.addEventListener('abort', resolve))]);
          if (signal.aborted) throw new Error('gave up');
        },
      },
    });
    w.start();
    await bothStarted.promise;
    // What a reclaim by another worker does to the row.
    await db.execute(
      sql`update jobs set locked_by = 'thief', attempts = attempts + 1, lease_expires_at = now() + interval '1 minute' where id = ${stolen}`,
    );
    const deadline = Date.now() + 5000;
    while (!signals.get(stolen)!.aborted && Date.now() < deadline) await sleep(10);
    expect(String(signals.get(stolen)!.reason)).toContain('lease lost');
    expect(signals.get(kept)!.aborted).toBe(false);
    gate.resolve();
    await w.stop();
    expect(await getJob(db, stolen)).toMatchObject({
      status: 'running',
      lockedBy: 'thief',
      attempts: 2,
      lastError: null,
    });
    expect(await getJob(db, kept)).toMatchObject({ status: 'completed', lockedBy: 'pair', attempts: 1 });
  });
});
