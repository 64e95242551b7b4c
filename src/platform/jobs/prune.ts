import type { Executor } from '../db/client.ts';
import { loggableError } from '../db/errors.ts';
import { createPeriodicPass, type PeriodicPass } from './periodic.ts';
import { deleteFinishedJobs } from './store.ts';
import type { JobLogger } from './types.ts';

/** Rows one delete statement removes at most: a short statement holding few row locks. */
const PRUNE_BATCH = 1000;
/** Batches of one pass at most: a large backlog is worked off over several passes, never in one long burst. */
const MAX_BATCHES_PER_PASS = 50;
const PRUNE_INTERVAL_MS = 5 * 60_000;

/**
 * Deletes completed and dead jobs that finished more than `retentionDays` ago, in batches of `batchSize`, oldest
 * first, until none is left or the pass's budget is spent; returns how many went. Queued and running jobs are
 * never touched. A finished job's dedupe key goes with it: docs/decisions.md says why no kind needs it kept.
 */
export async function pruneFinishedJobs(
  db: Executor,
  retentionDays: number,
  { batchSize = PRUNE_BATCH, maxBatches = MAX_BATCHES_PER_PASS } = {},
): Promise<number> {
  let pruned = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await deleteFinishedJobs(db, retentionDays, batchSize);
    pruned += deleted;
    if (deleted < batchSize) break;
  }
  return pruned;
}

/**
 * The worker role's pruning pass, every few minutes. Any number of processes may run it at once: each statement
 * skips rows another one has locked, so they delete disjoint rows and a job is deleted once.
 */
export function createJobPruner(options: { db: Executor; retentionDays: number; logger: JobLogger }): PeriodicPass {
  return createPeriodicPass({
    intervalMs: PRUNE_INTERVAL_MS,
    pass: () => pruneFinishedJobs(options.db, options.retentionDays),
    onError: (error) =>
      options.logger.error(
        { err: loggableError(error) },
        'pruning finished jobs failed; retrying at the next interval',
      ),
  });
}
