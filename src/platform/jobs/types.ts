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
 * Runs one delivery of a job; throwing (or rejecting) counts as a failed attempt, to be retried with backoff.
 *
 * Delivery is at least once: a job whose worker died, or was merely slower than its lease, is reclaimed and
 * may run a second time while (or after) the first delivery ran. Handlers must therefore be idempotent, for
 * example by keying their writes on the job id (`insert … on conflict do nothing`) or by checking the state
 * they are about to change, in one transaction.
 */
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;

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
