import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, type Executor, openDatabase } from '../src/platform/db/client.ts';
import { jobs } from '../src/platform/db/schema/index.ts';
import {
  backoffDelay,
  createJobWorker,
  enqueue,
  getJob,
  type JobLogger,
  type JobWorker,
  type JobWorkerOptions,
} from '../src/platform/jobs/index.ts';
import { cloneTestDatabase } from './helpers/database.ts';

let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
let db: Executor;
let workers: JobWorker[] = [];
let logs: { level: string; msg: string; obj: object }[] = [];

const logger: JobLogger = {
  info: (obj, msg) => logs.push({ level: 'info', msg, obj }),
  warn: (obj, msg) => logs.push({ level: 'warn', msg, obj }),
  error: (obj, msg) => logs.push({ level: 'error', msg, obj }),
};

/** A worker stopped after the test, whatever happens in it. */
function worker(options: Partial<JobWorkerOptions> & Pick<JobWorkerOptions, 'handlers'>): JobWorker {
  const created = createJobWorker({ db, logger, pollMs: 20, ...options });
  workers.push(created);
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(15);
  }
}

const jobWithStatus = (id: string, status: string) => async () => {
  const job = await getJob(db, id);
  return job?.status === status ? job : null;
};

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

beforeAll(async () => {
  clone = await cloneTestDatabase();
  db = clone.database.db;
});

afterAll(async () => {
  await clone?.database.close();
  await clone?.drop();
});

beforeEach(async () => {
  logs = [];
  await db.delete(jobs);
});

afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

describe('enqueue', () => {
  it('a job enqueued in a rolled-back transaction never runs; a committed one does', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'tx.test', payload: { n: 1 } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const committed = await db.transaction((tx) =>
      enqueue(tx, { kind: 'tx.test', payload: { n: 2, nested: { a: [1] } } }),
    );

    const ran: unknown[] = [];
    await worker({ handlers: { 'tx.test': async (job) => void ran.push(job.payload) } }).drain();

    expect(ran).toEqual([{ n: 2, nested: { a: [1] } }]);
    const all = await db.select().from(jobs);
    expect(all.map((j) => j.id)).toEqual([committed]);
    expect(all[0]).toMatchObject({ status: 'completed', attempts: 1, leaseExpiresAt: null, lastError: null });
    expect(all[0]!.completedAt).toBeInstanceOf(Date);
  });

  it('a dedupe key keeps one job: the second enqueue is a no-op returning the first id', async () => {
    const first = await enqueue(db, { kind: 'dedupe.test', payload: { v: 1 }, dedupeKey: 'run.start:42' });
    const second = await db.transaction((tx) =>
      enqueue(tx, { kind: 'dedupe.test', payload: { v: 2 }, dedupeKey: 'run.start:42' }),
    );
    const other = await enqueue(db, { kind: 'dedupe.test', payload: { v: 3 }, dedupeKey: 'run.start:43' });
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    const all = await db.select().from(jobs);
    expect(all).toHaveLength(2);
    expect((await getJob(db, first))?.payload).toEqual({ v: 1 });
  });

  it('a job is not claimed before its runAfter', async () => {
    const id = await enqueue(db, { kind: 'later.test', payload: {}, runAfter: new Date(Date.now() + 3_600_000) });
    let ran = 0;
    await worker({ handlers: { 'later.test': async () => void ran++ } }).drain();
    expect(ran).toBe(0);
    expect(await getJob(db, id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('rejects a non-positive maxAttempts', async () => {
    await expect(enqueue(db, { kind: 'x', payload: {}, maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
  });
});

describe('failures', () => {
  it('retry with growing run_after up to max_attempts, then the job is dead with its error kept', async () => {
    const id = await enqueue(db, { kind: 'fail.test', payload: {}, maxAttempts: 3 });
    const seen: { attempt: number; runAfter: Date; lastError: string | null; status: string }[] = [];
    worker({
      backoff: { baseMs: 100, maxMs: 1000 },
      handlers: {
        'fail.test': async (job) => {
          const row = (await getJob(db, job.id))!;
          seen.push({ attempt: job.attempt, runAfter: row.runAfter, lastError: row.lastError, status: row.status });
          throw new Error(`boom ${job.attempt}`);
        },
      },
    }).start();

    const dead = await waitFor(jobWithStatus(id, 'dead'), 'the job to be dead');
    expect(dead).toMatchObject({ attempts: 3, maxAttempts: 3, lastError: 'boom 3', leaseExpiresAt: null });
    expect(dead.completedAt).toBeNull();
    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3]);
    expect(seen.map((s) => s.status)).toEqual(['running', 'running', 'running']);
    // Each retry was rescheduled after the previous attempt's run_after, with the previous error kept meanwhile.
    expect(seen.map((s) => s.lastError)).toEqual([null, 'boom 1', 'boom 2']);
    // Attempt k failed no earlier than its run_after and was put back base * 2^(k-1) * [0.5, 1] later (DB clock).
    const gaps = [1, 2].map((k) => seen[k]!.runAfter.getTime() - seen[k - 1]!.runAfter.getTime());
    expect(gaps[0]).toBeGreaterThanOrEqual(50);
    expect(gaps[1]).toBeGreaterThanOrEqual(100);
    await sleep(100);
    expect(seen).toHaveLength(3);
  });

  it('a job that fails once and then succeeds is completed on attempt 2', async () => {
    const id = await enqueue(db, { kind: 'flaky.test', payload: {} });
    const w = worker({
      backoff: { baseMs: 10, maxMs: 20 },
      handlers: {
        'flaky.test': async (job) => {
          if (job.attempt === 1) throw new Error('transient');
        },
      },
    });
    w.start();
    const done = await waitFor(jobWithStatus(id, 'completed'), 'completion');
    expect(done).toMatchObject({ attempts: 2, lastError: 'transient' });
  });

  it('a job of an unknown kind is dead at once, saying so', async () => {
    const id = await enqueue(db, { kind: 'nobody.handles.this', payload: {}, maxAttempts: 5 });
    await worker({ handlers: {} }).drain();
    const job = await getJob(db, id);
    expect(job).toMatchObject({ status: 'dead', attempts: 1 });
    expect(job?.lastError).toContain('no handler registered for job kind "nobody.handles.this"');
  });

  it('lanes: a worker with kinds.only claims just those kinds, one with kinds.except all the others', async () => {
    const slow = await enqueue(db, { kind: 'lane.slow', payload: {} });
    const quote = await enqueue(db, { kind: 'lane."odd", kind', payload: {} });
    const other = await enqueue(db, { kind: 'lane.other', payload: {} });
    const ran: string[] = [];
    const record = (name: string) => async () => void ran.push(name);
    const lanes = { only: ['lane.slow', 'lane."odd", kind'] };

    await worker({ kinds: lanes, handlers: { 'lane.other': record('wrong lane') } }).drain();
    expect(await getJob(db, slow)).toMatchObject({ status: 'dead' });
    expect(await getJob(db, quote)).toMatchObject({ status: 'dead' });
    expect(await getJob(db, other)).toMatchObject({ status: 'queued', attempts: 0 });

    await worker({ kinds: { except: lanes.only }, handlers: { 'lane.other': record('other') } }).drain();
    expect(ran).toEqual(['other']);
    expect(await getJob(db, other)).toMatchObject({ status: 'completed' });
    expect(() => worker({ kinds: { only: [] }, handlers: {} })).toThrow('at least one kind');
  });

  it('keeps a bounded error: the first 500 characters of the message', async () => {
    const id = await enqueue(db, { kind: 'long.test', payload: {}, maxAttempts: 1 });
    await worker({
      handlers: {
        'long.test': async () => {
          throw new Error('x'.repeat(5000));
        },
      },
    }).drain();
    const job = await getJob(db, id);
    expect(job?.status).toBe('dead');
    expect(job?.lastError).toBe('x'.repeat(500));
  });

  it('a handler that throws synchronously or throws a non-Error never crashes the worker', async () => {
    const a = await enqueue(db, { kind: 'sync.throw', payload: {}, maxAttempts: 1 });
    const b = await enqueue(db, { kind: 'string.throw', payload: {}, maxAttempts: 1 });
    const c = await enqueue(db, { kind: 'fine', payload: {} });
    const w = worker({
      handlers: {
        // Not async on purpose: the throw happens before any promise exists.
        'sync.throw': (() => {
          throw new Error('sync');
        }) as never,
        'string.throw': () => Promise.reject('a string'),
        fine: async () => {},
      },
    });
    await w.drain();
    expect((await getJob(db, a))?.lastError).toBe('sync');
    expect((await getJob(db, b))?.lastError).toBe('a string');
    expect((await getJob(db, c))?.status).toBe('completed');
  });

  it('a database error while claiming is logged and the next poll claims again', async () => {
    let failures = 2;
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'execute' && failures > 0) {
          return async () => {
            failures--;
            throw new Error('connection reset');
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const id = await enqueue(db, { kind: 'after.outage', payload: {} });
    worker({ db: flaky, handlers: { 'after.outage': async () => {} } }).start();
    await waitFor(jobWithStatus(id, 'completed'), 'completion after the outage');
    expect(failures).toBe(0);
    expect(logs.filter((l) => l.level === 'error' && l.msg.startsWith('claiming jobs failed'))).toHaveLength(2);
  });
});

describe('backoffDelay', () => {
  it('doubles from baseMs, caps at maxMs and jitters within [0.5x, 1x]', () => {
    const options = { baseMs: 1000, maxMs: 300_000 };
    expect(backoffDelay(1, options, () => 0)).toBe(500);
    expect(backoffDelay(1, options, () => 0.999_999)).toBe(1000);
    expect(backoffDelay(4, options, () => 0)).toBe(4000);
    expect(backoffDelay(4, options, () => 0.999_999)).toBe(8000);
    expect(backoffDelay(30, options, () => 0.999_999)).toBe(300_000);
    expect(backoffDelay(5000, options, () => 0)).toBe(150_000);
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelay(3, options);
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });
});

describe('claims and leases', () => {
  it('two workers process N jobs, each exactly once', async () => {
    // On PostgreSQL the second worker has its own connection pool, as another process would.
    const second: Database | null = clone.url ? await openDatabase({ databaseUrl: clone.url, dataDir: '' }) : null;
    try {
      const n = 40;
      const ids = new Set<string>();
      for (let i = 0; i < n; i++) ids.add(await enqueue(db, { kind: 'many', payload: { i } }));
      const deliveries = new Map<string, string[]>();
      const handler = (name: string) => async (job: { id: string }) => {
        deliveries.set(job.id, [...(deliveries.get(job.id) ?? []), name]);
        await sleep(5 + Math.random() * 10);
      };
      const a = worker({ workerId: 'A', concurrency: 4, handlers: { many: handler('A') } });
      const b = worker({ workerId: 'B', db: second?.db ?? db, concurrency: 4, handlers: { many: handler('B') } });
      a.start();
      b.start();
      await Promise.all([a.drain(), b.drain()]);
      await Promise.all([a.stop(), b.stop()]);

      expect(new Set(deliveries.keys())).toEqual(ids);
      for (const [id, by] of deliveries) expect(by, id).toHaveLength(1);
      const perWorker = [...deliveries.values()].flat();
      expect(perWorker.filter((w) => w === 'A').length).toBeGreaterThan(0);
      expect(perWorker.filter((w) => w === 'B').length).toBeGreaterThan(0);
      const states = await rows<{ status: string; attempts: number; count: string }>(
        sql`select status, attempts, count(*)::text as count from jobs group by status, attempts`,
      );
      expect(states).toEqual([{ status: 'completed', attempts: 1, count: String(n) }]);
    } finally {
      await second?.close();
    }
  });

  it('the heartbeat keeps a long job leased: no other worker takes it', async () => {
    const id = await enqueue(db, { kind: 'long.job', payload: {} });
    const runs: string[] = [];
    let aborted = false;
    const started = deferred();
    const handler = (name: string) => async (_job: unknown, ctx: { signal: AbortSignal }) => {
      runs.push(name);
      started.resolve();
      await sleep(1800);
      aborted ||= ctx.signal.aborted;
    };
    worker({ workerId: 'slow', leaseMs: 800, heartbeatMs: 100, handlers: { 'long.job': handler('slow') } }).start();
    await started.promise;
    worker({ workerId: 'other', handlers: { 'long.job': handler('other') } }).start();
    const done = await waitFor(jobWithStatus(id, 'completed'), 'completion');
    expect(done).toMatchObject({ attempts: 1, lockedBy: 'slow' });
    expect(runs).toEqual(['slow']);
    expect(aborted).toBe(false);
  });

  it('a worker that loses the lease aborts its handler and records nothing', async () => {
    const id = await enqueue(db, { kind: 'stolen', payload: {} });
    const started = deferred();
    let reason: unknown;
    const w = worker({
      workerId: 'loser',
      leaseMs: 2000,
      heartbeatMs: 40,
      handlers: {
        stolen: async (_job, { signal }) => {
          started.resolve();
          await new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => resolve());
            setTimeout(resolve, 5000);
          });
          reason = signal.reason;
          throw new Error('gave up');
        },
      },
    });
    w.start();
    await started.promise;
    // What a reclaim by another worker does to the row.
    await db.execute(
      sql`update jobs set locked_by = 'thief', attempts = attempts + 1, lease_expires_at = now() + interval '1 minute' where id = ${id}`,
    );
    await w.stop();
    expect(String(reason)).toContain('lease lost');
    expect(await getJob(db, id)).toMatchObject({ status: 'running', lockedBy: 'thief', attempts: 2, lastError: null });
    expect(logs.some((l) => l.msg.startsWith('job lease lost while running'))).toBe(true);
  });

  it('a job delivered twice (lease expired under a slow handler) has one effect when its handler is idempotent', async () => {
    await db.execute(sql`create table if not exists job_effects (job_id uuid primary key, applied_by text not null)`);
    const id = await enqueue(db, { kind: 'effect.once', payload: {} });
    const deliveries: string[] = [];
    const firstStarted = deferred();
    const releaseFirst = deferred();
    const secondNow: Date[] = [];
    // The idempotent handler: its effect is keyed by the job id.
    const handler = (name: string) => async (job: { id: string; attempt: number }) => {
      deliveries.push(`${name}#${job.attempt}`);
      if (name === 'slow') {
        firstStarted.resolve();
        await releaseFirst.promise;
      } else {
        const [now] = await rows<{ now: Date | string }>(sql`select now() as now`);
        secondNow.push(new Date(now!.now));
      }
      await db.execute(
        sql`insert into job_effects (job_id, applied_by) values (${job.id}, ${name}) on conflict (job_id) do nothing`,
      );
    };
    // The slow worker never renews its lease in time: it is "merely slow", not dead.
    const slow = worker({
      workerId: 'slow',
      concurrency: 1,
      leaseMs: 300,
      heartbeatMs: 60_000,
      handlers: { 'effect.once': handler('slow') },
    });
    slow.start();
    let firstLease: Date;
    let done: Awaited<ReturnType<typeof getJob>>;
    try {
      await firstStarted.promise;
      firstLease = (await getJob(db, id))!.leaseExpiresAt!;
      worker({ workerId: 'fast', handlers: { 'effect.once': handler('fast') } }).start();
      done = await waitFor(jobWithStatus(id, 'completed'), 'the second delivery to complete');
    } finally {
      releaseFirst.resolve();
    }
    await slow.stop();

    expect(deliveries).toEqual(['slow#1', 'fast#2']);
    expect(secondNow[0]!.getTime()).toBeGreaterThanOrEqual(firstLease.getTime());
    expect(done).toMatchObject({ attempts: 2, lockedBy: 'fast' });
    expect(await rows(sql`select job_id, applied_by from job_effects`)).toEqual([{ job_id: id, applied_by: 'fast' }]);
    // The stale delivery's success was not recorded over the new claim.
    expect(await getJob(db, id)).toMatchObject({ status: 'completed', attempts: 2, lockedBy: 'fast' });
    expect(logs.some((l) => l.msg.startsWith('job lease lost before its outcome was written'))).toBe(true);
  });
});

describe('stop', () => {
  it('waits for a running job to finish, then claims nothing more', async () => {
    const id = await enqueue(db, { kind: 'gated', payload: {} });
    const started = deferred();
    const gate = deferred();
    let finished = false;
    const w = worker({
      handlers: {
        gated: async () => {
          started.resolve();
          await gate.promise;
          finished = true;
        },
        later: async () => {},
      },
    });
    w.start();
    let stopped = false;
    let stopping: Promise<void>;
    try {
      await started.promise;
      stopping = w.stop().then(() => {
        stopped = true;
      });
      await sleep(200);
      expect(stopped).toBe(false);
      expect((await getJob(db, id))?.status).toBe('running');
    } finally {
      gate.resolve();
    }
    await stopping;
    expect(finished).toBe(true);
    expect((await getJob(db, id))?.status).toBe('completed');

    const later = await enqueue(db, { kind: 'later', payload: {} });
    w.wake();
    await sleep(150);
    expect((await getJob(db, later))?.status).toBe('queued');
  });
});
