import type { Executor } from '../db/client.ts';
import { newId } from '../ids.ts';
import { findJobIdByDedupeKey, insertJob } from './store.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueJob {
  kind: string;
  /** Stored as jsonb: plain JSON values only. */
  payload: object;
  /**
   * At most one job ever exists per key (whatever its status): enqueuing an existing key does nothing and
   * returns the existing job's id. Name the effect, e.g. `run.start:<runId>`.
   */
  dedupeKey?: string;
  /** Not claimed before this time (default: now). */
  runAfter?: Date;
  /** Deliveries before the job is `dead` (default 5). */
  maxAttempts?: number;
}

/**
 * Writes a job and returns its id. Pass the transaction of the write that needs the job: it becomes visible to
 * workers on commit and vanishes with a rollback. Call the worker's `wake()` after commit to skip the poll delay.
 */
export async function enqueue(ex: Executor, job: EnqueueJob): Promise<string> {
  if (!job.kind) throw new TypeError('enqueue: kind is required');
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError(`enqueue: maxAttempts must be a positive integer, got ${maxAttempts}`);
  }
  if (job.runAfter && Number.isNaN(job.runAfter.getTime()))
    throw new RangeError('enqueue: runAfter is not a valid date');
  const id = await insertJob(ex, {
    id: newId(),
    kind: job.kind,
    payload: job.payload as Record<string, unknown>,
    dedupeKey: job.dedupeKey ?? null,
    runAfter: job.runAfter,
    maxAttempts,
  });
  if (id) return id;
  // Only a dedupe key can make the insert a no-op; the conflicting row is committed (ON CONFLICT waited for it).
  const existing = await findJobIdByDedupeKey(ex, job.dedupeKey!);
  if (!existing) throw new Error(`enqueue: job with dedupe key ${job.dedupeKey} conflicted but is not visible`);
  return existing;
}
