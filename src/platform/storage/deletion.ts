import type { Executor } from '../db/client.ts';
import { enqueue, type JobHandler } from '../jobs/index.ts';
import type { BlobStorage } from './types.ts';

export const BLOB_DELETE_JOB = 'storage.delete_blob';

/** Deliveries of one deletion: with the queue's backoff (capped at 5 minutes) about an hour of storage outage. */
const DELETE_ATTEMPTS = 20;

/**
 * Queues the deletion of a blob in the caller's transaction, so it happens even when the process dies right
 * after the commit; `runAfter` defers it (an upload key must outlive its URL). Deleting is idempotent, so a
 * caller may also delete at once and keep the job as the guarantee.
 */
export async function enqueueBlobDeletion(ex: Executor, key: string, runAfter?: Date): Promise<void> {
  await enqueue(ex, { kind: BLOB_DELETE_JOB, payload: { key }, runAfter, maxAttempts: DELETE_ATTEMPTS });
}

export function createBlobDeletionHandler(storage: Pick<BlobStorage, 'delete'>): JobHandler {
  return async (job) => {
    await storage.delete(String(job.payload.key));
  };
}
