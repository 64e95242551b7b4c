import type { Executor } from '../db/client.ts';
import { describeError } from '../db/errors.ts';

/** What a handler receives: one delivery of a job. */
export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first delivery; counts every claim, including reclaims of an expired lease. */
  attempt: number;
}

export interface JobContext {
  /**
   * Aborted when this worker lost the job's lease (another worker reclaimed it): stop work, the outcome of
   * this delivery is not recorded.
   */
  signal: AbortSignal;
}

/**
 * Runs one delivery of a job; throwing (or rejecting) counts as a failed attempt, to be retried with backoff
 * (PermanentJobError: the job is dead at once).
 *
 * Delivery is at least once: a job whose worker died, or was merely slower than its lease, is reclaimed and
 * may run a second time while (or after) the first delivery ran. Handlers must therefore be idempotent, for
 * example by keying their writes on the job id (`insert … on conflict do nothing`) or by checking the state
 * they are about to change, in one transaction.
 */
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;

/**
 * Called in the transaction that marks a job of its kind dead (its last attempt failed, or it threw
 * PermanentJobError), so that whatever the job was bringing about ends in a final state in the same commit
 * instead of staying in progress forever. Throwing rolls the death back: the job's lease expires and it runs again.
 */
export type DeadJobHook = (tx: Executor, job: Job) => Promise<void>;

/**
 * Thrown by a handler when another attempt cannot succeed (the database refused the data itself, say): the job is
 * dead at once instead of after its remaining attempts. The message is the scrubbed one of `cause`.
 */
export class PermanentJobError extends Error {
  constructor(cause: unknown) {
    super(describeError(cause), { cause });
    this.name = 'PermanentJobError';
  }
}

/**
 * Thrown by a handler whose job must first wait for another one's effect (an earlier message of the same chat, say):
 * retried after the usual backoff like a failure, and it counts as an attempt, but it is logged as a wait, not an error.
 */
export class JobNotReady extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobNotReady';
  }
}

/** pino-compatible subset (Fastify's logger fits). */
export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const consoleJobLogger: JobLogger = {
  info: () => {},
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};
