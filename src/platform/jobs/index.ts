export { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
export { DEFAULT_MAX_ATTEMPTS, type EnqueueJob, enqueue } from './enqueue.ts';
export { type EnqueueRows, enqueueRows } from './enqueue-sql.ts';
export { groupJobWorkers, type JobWorkerGroup } from './group.ts';
export { createPeriodicPass, type PeriodicPass } from './periodic.ts';
export { createJobPruner, pruneFinishedJobs } from './prune.ts';
export { getJob, type JobRow, type KindFilter, MAX_ERROR_LENGTH } from './store.ts';
export {
  consoleJobLogger,
  type DeadJobHook,
  type Job,
  type JobContext,
  type JobHandler,
  type JobLogger,
  JobNotReady,
  PermanentJobError,
} from './types.ts';
export { createJobWakeups, type JobWakeups } from './wakeups.ts';
export { createJobWorker, DEFAULT_LEASE_MS, type JobWorker, type JobWorkerOptions } from './worker.ts';
