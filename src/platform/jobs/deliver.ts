import type { Executor } from '../db/client.ts';
import { describeError, loggableError } from '../db/errors.ts';
import { type BackoffOptions, backoffDelay } from './backoff.ts';
import type { LeaseKeeper } from './leases.ts';
import { type ClaimedJob, type LeaseHolder, markCompleted, markDead, markForRetry } from './store.ts';
import { type DeadJobHook, type JobHandler, type JobLogger, JobNotReady, PermanentJobError } from './types.ts';

export interface DeliveryDeps {
  db: Executor;
  workerId: string;
  handlers: Readonly<Record<string, JobHandler>>;
  onDead: Readonly<Record<string, DeadJobHook>>;
  /** The worker's heartbeat, which keeps the lease of every job it runs alive. */
  leases: LeaseKeeper;
  backoff: BackoffOptions;
  logger: JobLogger;
}

/**
 * Runs one claimed job to its recorded outcome: completed, queued again after a backoff, or dead (after its last
 * attempt, or at once on PermanentJobError; its kind's DeadJobHook runs in that write's transaction). The worker's
 * heartbeat keeps the lease alive while the handler runs; when it finds the lease lost, the handler's signal is
 * aborted and this delivery records nothing (the job belongs to whoever reclaimed it). Never throws: a failed
 * write of the outcome is logged and the expiring lease brings the job back.
 */
export async function deliver(deps: DeliveryDeps, job: ClaimedJob): Promise<void> {
  const holder: LeaseHolder = { jobId: job.id, workerId: deps.workerId, attempt: job.attempts };
  const context = { jobId: job.id, kind: job.kind, attempt: job.attempts, workerId: deps.workerId };
  try {
    const handler = Object.hasOwn(deps.handlers, job.kind) ? deps.handlers[job.kind] : undefined;
    if (!handler) {
      const message = `no handler registered for job kind "${job.kind}"`;
      deps.logger.error(context, message);
      await recorded(deps, context, markDeadAndEnd(deps, holder, job, message));
      return;
    }
    const outcome = await runWithLease(deps, job, handler);
    if (outcome.lost) {
      deps.logger.warn(context, 'job lease lost while running; this delivery records no outcome');
      return;
    }
    if (outcome.ok) {
      await recorded(deps, context, markCompleted(deps.db, holder));
      return;
    }
    const message = describeError(outcome.error);
    const permanent = outcome.error instanceof PermanentJobError;
    if (permanent || job.attempts >= job.maxAttempts) {
      const err = loggableError(permanent ? (outcome.error as PermanentJobError).cause : outcome.error);
      const why = permanent ? 'job cannot succeed' : 'job failed its last attempt';
      deps.logger.error({ ...context, err }, `${why}; it is dead`);
      await recorded(deps, context, markDeadAndEnd(deps, holder, job, message));
    } else {
      const delayMs = backoffDelay(job.attempts, deps.backoff);
      if (outcome.error instanceof JobNotReady) {
        deps.logger.info({ ...context, reason: message, retryInMs: delayMs }, 'job not ready; will retry');
      } else {
        deps.logger.warn(
          { ...context, err: loggableError(outcome.error), retryInMs: delayMs },
          'job failed; will retry',
        );
      }
      await recorded(deps, context, markForRetry(deps.db, holder, delayMs, message));
    }
  } catch (error) {
    deps.logger.error(
      { ...context, err: loggableError(error) },
      'could not record job outcome; the lease will expire and it runs again',
    );
  }
}

type Outcome = { lost: true } | { lost: false; ok: true } | { lost: false; ok: false; error: unknown };

async function runWithLease(deps: DeliveryDeps, job: ClaimedJob, handler: JobHandler): Promise<Outcome> {
  const lease = deps.leases.hold(job.id, job.attempts);
  try {
    await handler(
      { id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts },
      { signal: lease.signal },
    );
    return lease.lost ? { lost: true } : { lost: false, ok: true };
  } catch (error) {
    return lease.lost ? { lost: true } : { lost: false, ok: false, error };
  } finally {
    lease.release();
  }
}

/** Marks the job dead and runs its kind's DeadJobHook in the same transaction; false when the lease was lost. */
function markDeadAndEnd(deps: DeliveryDeps, holder: LeaseHolder, job: ClaimedJob, message: string): Promise<boolean> {
  const hook = Object.hasOwn(deps.onDead, job.kind) ? deps.onDead[job.kind] : undefined;
  if (!hook) return markDead(deps.db, holder, message);
  return deps.db.transaction(async (tx) => {
    if (!(await markDead(tx, holder, message))) return false;
    await hook(tx, { id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts });
    return true;
  });
}

async function recorded(deps: DeliveryDeps, context: object, write: Promise<boolean>): Promise<void> {
  if (!(await write)) deps.logger.warn(context, 'job lease lost before its outcome was written; outcome dropped');
}
