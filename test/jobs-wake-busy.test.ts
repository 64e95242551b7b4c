import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Executor } from '../src/platform/db/client.ts';
import { createJobWorker, enqueue, getJob, type JobWorker } from '../src/platform/jobs/index.ts';
import { cloneTestDatabase } from './helpers/database.ts';

let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
let db: Executor;
let worker: JobWorker | undefined;

beforeAll(async () => {
  clone = await cloneTestDatabase();
  db = clone.database.db;
});

afterAll(async () => {
  await worker?.stop();
  await clone?.database.close();
  await clone?.drop();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// Regression: a wake() while every slot was busy ended its claiming pass before `ticking` was assigned, leaving
// a settled promise there; every later tick (wake, poll, freed slot) was then a no-op and the worker never
// claimed again. The poll is an hour here, so only the freed slot can pick the second job up.
it('keeps claiming after a wake() that arrived while every slot was busy', async () => {
  const slowStarted = deferred();
  const releaseSlow = deferred();
  const nextRan = deferred();
  worker = createJobWorker({
    db,
    concurrency: 1,
    pollMs: 3_600_000,
    handlers: {
      slow: async () => {
        slowStarted.resolve();
        await releaseSlow.promise;
      },
      next: async () => nextRan.resolve(),
    },
  });
  worker.start();
  await enqueue(db, { kind: 'slow', payload: {} });
  worker.wake();
  await slowStarted.promise;

  const next = await enqueue(db, { kind: 'next', payload: {} });
  worker.wake(); // no free slot: nothing to claim now
  releaseSlow.resolve();
  await nextRan.promise; // the freed slot claims it (the test times out if the worker wedged)
  await worker.stop();
  expect((await getJob(db, next))?.status).toBe('completed');
});
