import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../src/platform/db/client.ts';
import { jobs } from '../src/platform/db/schema/index.ts';
import { enqueue, getJob, pruneFinishedJobs } from '../src/platform/jobs/index.ts';
import { cloneTestDatabase } from './helpers/database.ts';

let clone: Awaited<ReturnType<typeof cloneTestDatabase>>;
let db: Executor;

const DAY = 86_400_000;

/** A UUID v7 of the given instant, as the job was enqueued then. */
function idAt(ms: number): string {
  const time = ms.toString(16).padStart(12, '0');
  const random = randomUUID();
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}

/** A job created `createdDaysAgo` and last changed (finished, for a finished one) `updatedDaysAgo`. */
async function jobRow(status: string, createdDaysAgo: number, updatedDaysAgo = createdDaysAgo, dedupeKey?: string) {
  const created = Date.now() - createdDaysAgo * DAY;
  const updated = new Date(Date.now() - updatedDaysAgo * DAY);
  const id = idAt(created);
  await db.insert(jobs).values({
    id,
    kind: 'prune.test',
    status,
    attempts: status === 'queued' ? 0 : 1,
    createdAt: new Date(created),
    updatedAt: updated,
    completedAt: status === 'completed' ? updated : null,
    lockedBy: status === 'running' ? 'somebody' : null,
    leaseExpiresAt: status === 'running' ? new Date(Date.now() + 60_000) : null,
    dedupeKey: dedupeKey ?? null,
  });
  return id;
}

const remaining = async () => (await db.select({ id: jobs.id }).from(jobs)).map((r) => r.id).sort();

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

describe('pruning finished jobs', () => {
  it('deletes completed and dead jobs finished before the retention period; keeps the rest', async () => {
    await jobRow('completed', 10);
    await jobRow('dead', 9);
    const recent = await jobRow('completed', 1);
    const recentDead = await jobRow('dead', 2);
    // Created long ago, finished within the period (a long backoff, say): its age is its end's.
    const lateFinisher = await jobRow('completed', 30, 6);
    const waiting = await jobRow('queued', 20);
    const running = await jobRow('running', 20);
    const retrying = await jobRow('queued', 20, 10);

    expect(await pruneFinishedJobs(db, 7)).toBe(2);
    expect(await remaining()).toEqual([recent, recentDead, lateFinisher, waiting, running, retrying].sort());
    expect(await pruneFinishedJobs(db, 7)).toBe(0);
    // A shorter retention reaches the later ones; queued and running jobs stay whatever their age.
    expect(await pruneFinishedJobs(db, 1)).toBe(3);
    expect(await remaining()).toEqual([waiting, running, retrying].sort());
  });

  it('deletes in bounded batches, oldest first, and a pass stops at its budget', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await jobRow('completed', 40 - i));
    expect(await pruneFinishedJobs(db, 7, { batchSize: 10, maxBatches: 2 })).toBe(20);
    // The five youngest are left for the next pass.
    expect(await remaining()).toEqual(ids.slice(20).sort());
    expect(await pruneFinishedJobs(db, 7, { batchSize: 10, maxBatches: 2 })).toBe(5);
    expect(await remaining()).toEqual([]);
  });

  it('frees a pruned job’s dedupe key; a live job’s key still holds', async () => {
    const pruned = await jobRow('completed', 10, 10, 'prune.key:old');
    const live = await jobRow('queued', 10, 10, 'prune.key:live');
    expect(await pruneFinishedJobs(db, 7)).toBe(1);
    expect(await getJob(db, pruned)).toBeNull();
    const again = await enqueue(db, { kind: 'prune.test', payload: {}, dedupeKey: 'prune.key:old' });
    expect(again).not.toBe(pruned);
    expect(await enqueue(db, { kind: 'prune.test', payload: {}, dedupeKey: 'prune.key:live' })).toBe(live);
  });
});
