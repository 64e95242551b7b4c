import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../src/platform/db/client.ts';
import { jobs } from '../src/platform/db/schema/index.ts';
import {
  createJobWorker,
  type DeadJobHook,
  enqueue,
  getJob,
  type JobLogger,
  JobNotReady,
  type JobWorker,
  type JobWorkerOptions,
  PermanentJobError,
} from '../src/platform/jobs/index.ts';
import { cloneTestDatabase } from './helpers/database.ts';

/** How a job's death reaches its subject: onDead hooks, PermanentJobError, and what the logs keep of an error. */

let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
let db: Executor;
let workers: JobWorker[] = [];
let logs: { level: string; msg: string; obj: object }[] = [];

const logger: JobLogger = {
  info: (obj, msg) => logs.push({ level: 'info', msg, obj }),
  warn: (obj, msg) => logs.push({ level: 'warn', msg, obj }),
  error: (obj, msg) => logs.push({ level: 'error', msg, obj }),
};

function worker(options: Partial<JobWorkerOptions> & Pick<JobWorkerOptions, 'handlers'>): JobWorker {
  const created = createJobWorker({ db, logger, pollMs: 20, backoff: { baseMs: 5, maxMs: 10 }, ...options });
  workers.push(created);
  return created;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function waitForStatus(id: string, status: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await getJob(db, id))?.status !== status) {
    if (Date.now() > deadline) throw new Error(`job ${id} never became ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What a hook wrote: committed only with the job's death. */
const endings = () => rows<{ job_id: string; attempt: number }>(sql`select job_id, attempt from dead_endings`);

/** A hook that records the job's end in the transaction it is given. */
const recordEnding: DeadJobHook = async (tx, job) => {
  await tx.execute(sql`insert into dead_endings (job_id, attempt) values (${job.id}, ${job.attempt})`);
};

beforeAll(async () => {
  clone = await cloneTestDatabase();
  db = clone.database.db;
  await db.execute(sql`create table dead_endings (job_id uuid not null, attempt int not null)`);
  // A table whose check refuses long text: a real, deterministic database error whose statement carries the text.
  await db.execute(sql`create table short_notes (body text not null check (length(body) < 10))`);
});

afterAll(async () => {
  await clone?.database.close();
  await clone?.drop();
});

beforeEach(async () => {
  logs = [];
  await db.delete(jobs);
  await db.execute(sql`delete from dead_endings`);
});

afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

describe('onDead', () => {
  it("runs once, for the job's kind only, when its last attempt fails; retries and successes do not run it", async () => {
    const dying = await enqueue(db, { kind: 'dies', payload: { n: 1 }, maxAttempts: 3 });
    const flaky = await enqueue(db, { kind: 'recovers', payload: {}, maxAttempts: 3 });
    const seen: unknown[] = [];
    await worker({
      handlers: {
        dies: async () => {
          throw new Error('still broken');
        },
        recovers: async (job) => {
          if (job.attempt === 1) throw new Error('transient');
        },
      },
      onDead: {
        dies: async (tx, job) => {
          seen.push(job);
          await recordEnding(tx, job);
        },
        recovers: recordEnding,
      },
    }).start();
    // Retries wait out their backoff, when no job is due: drain() could return before them, so wait for the end.
    await waitForStatus(dying, 'dead');
    await waitForStatus(flaky, 'completed');

    expect(await getJob(db, dying)).toMatchObject({ status: 'dead', attempts: 3, lastError: 'still broken' });
    expect(await getJob(db, flaky)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(seen).toEqual([{ id: dying, kind: 'dies', payload: { n: 1 }, attempt: 3 }]);
    expect(await endings()).toEqual([{ job_id: dying, attempt: 3 }]);
  });

  it('a hook that throws rolls the death back: the job runs again once its lease expires, then dies with the hook', async () => {
    const id = await enqueue(db, { kind: 'dies.twice', payload: {}, maxAttempts: 1 });
    let hookCalls = 0;
    worker({
      leaseMs: 300,
      handlers: {
        'dies.twice': async () => {
          throw new Error('broken');
        },
      },
      onDead: {
        'dies.twice': async (tx, job) => {
          hookCalls++;
          await recordEnding(tx, job);
          if (hookCalls === 1) throw new Error('hook failed');
        },
      },
    }).start();
    await waitForStatus(id, 'dead');

    // The first death was not recorded (nor the hook's write); the reclaimed delivery died with its hook.
    expect(hookCalls).toBe(2);
    expect(await getJob(db, id)).toMatchObject({ status: 'dead', attempts: 2 });
    expect(await endings()).toEqual([{ job_id: id, attempt: 2 }]);
    expect(logs.some((l) => l.msg.startsWith('could not record job outcome'))).toBe(true);
  });
});

describe('PermanentJobError', () => {
  it('kills the job at its first attempt, runs onDead, and keeps only a scrubbed error in the row and the logs', async () => {
    const secret = `confidential-${'x'.repeat(5000)}`;
    const id = await enqueue(db, { kind: 'refused', payload: {}, maxAttempts: 5 });
    await worker({
      handlers: {
        refused: async () => {
          try {
            await db.execute(sql`insert into short_notes (body) values (${secret})`);
          } catch (error) {
            throw new PermanentJobError(error);
          }
        },
      },
      onDead: { refused: recordEnding },
    }).drain();

    const job = await getJob(db, id);
    expect(job).toMatchObject({ status: 'dead', attempts: 1 });
    expect(job!.lastError).toMatch(/^\[23514\] .*short_notes_body_check.* \(in: insert into short_notes \(body\)/);
    expect(job!.lastError).not.toContain('confidential');
    expect(await endings()).toEqual([{ job_id: id, attempt: 1 }]);
    const dead = logs.filter((l) => l.level === 'error');
    expect(dead.map((l) => l.msg)).toEqual(['job cannot succeed; it is dead']);
    expect(dead[0]!.obj).toMatchObject({ err: { code: '23514' } });
    expect(JSON.stringify(logs)).not.toContain('confidential');
  });

  it('without it, the same database error is retried and its text stays out of every retry log line', async () => {
    const secret = `confidential-${'y'.repeat(5000)}`;
    const id = await enqueue(db, { kind: 'retried', payload: {}, maxAttempts: 2 });
    await worker({
      handlers: {
        retried: async () => {
          await db.execute(sql`insert into short_notes (body) values (${secret})`);
        },
      },
    }).start();
    await waitForStatus(id, 'dead');
    expect(await getJob(db, id)).toMatchObject({ status: 'dead', attempts: 2 });
    expect(logs.map((l) => l.msg)).toEqual(['job failed; will retry', 'job failed its last attempt; it is dead']);
    expect(JSON.stringify(logs)).not.toContain('confidential');
    expect((await getJob(db, id))!.lastError).not.toContain('confidential');
  });
});

describe('JobNotReady', () => {
  it('is retried like a failure and counts as an attempt, but is logged as a wait, not a warning', async () => {
    const id = await enqueue(db, { kind: 'waits', payload: {}, maxAttempts: 5 });
    let calls = 0;
    worker({
      handlers: {
        waits: async () => {
          if (++calls === 1) throw new JobNotReady('waits for an earlier job');
        },
      },
    }).start();
    await waitForStatus(id, 'completed');
    expect(await getJob(db, id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(logs.map((l) => [l.level, l.msg])).toEqual([['info', 'job not ready; will retry']]);
    expect(logs[0]!.obj).toMatchObject({ reason: 'waits for an earlier job' });
  });
});
