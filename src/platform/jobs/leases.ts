import type { Executor } from '../db/client.ts';
import { loggableError } from '../db/errors.ts';
import { extendLeases } from './store.ts';
import type { JobLogger } from './types.ts';

/** One delivery's hold on its job's lease, kept alive by its worker's heartbeat while the handler runs. */
export interface HeldLease {
  /** Aborted once a heartbeat finds the lease lost (another claim took the job). */
  readonly signal: AbortSignal;
  readonly lost: boolean;
  /** The handler is done: the heartbeat stops extending this lease (the outcome write is fenced on its own). */
  release(): void;
}

export interface LeaseKeeper {
  hold(jobId: string, attempt: number): HeldLease;
}

interface Holding {
  jobId: string;
  attempt: number;
  controller: AbortController;
  lost: boolean;
}

/**
 * A worker's one heartbeat: every `heartbeatMs` while it holds jobs, a single statement extends the leases of all
 * of them, so the database sees one write per worker and beat however many jobs run, and leases can be short
 * (a killed worker's jobs come back soon) without multiplying writes. A chain of timeouts rather than an
 * interval: a slow beat never overlaps the next. A failed beat is retried at the next one; a lease that expired
 * meanwhile is found lost then.
 */
export function createLeaseKeeper(options: {
  db: Executor;
  workerId: string;
  leaseMs: number;
  heartbeatMs: number;
  logger: JobLogger;
}): LeaseKeeper {
  const { db, workerId, leaseMs, heartbeatMs, logger } = options;
  const holdings = new Set<Holding>();
  let timer: NodeJS.Timeout | undefined;
  let beating = false;

  function schedule() {
    if (timer || beating || holdings.size === 0) return;
    timer = setTimeout(() => void beat(), heartbeatMs);
  }

  function lose(holding: Holding) {
    holdings.delete(holding);
    holding.lost = true;
    holding.controller.abort(new Error(`job ${holding.jobId} lease lost: reclaimed by another worker`));
  }

  async function beat() {
    timer = undefined;
    beating = true;
    const beaten = [...holdings];
    try {
      const held = await extendLeases(db, workerId, [...new Set(beaten.map((h) => h.jobId))], leaseMs);
      // A holding released while the beat ran has finished: its lease no longer matters.
      for (const holding of beaten)
        if (holdings.has(holding) && held.get(holding.jobId) !== holding.attempt) lose(holding);
    } catch (error) {
      logger.warn({ workerId, jobs: beaten.length, err: loggableError(error) }, 'job heartbeat failed');
    } finally {
      beating = false;
      schedule();
    }
  }

  return {
    hold(jobId, attempt) {
      const holding: Holding = { jobId, attempt, controller: new AbortController(), lost: false };
      holdings.add(holding);
      schedule();
      return {
        signal: holding.controller.signal,
        get lost() {
          return holding.lost;
        },
        release() {
          holdings.delete(holding);
          if (holdings.size === 0) {
            clearTimeout(timer);
            timer = undefined;
          }
        },
      };
    },
  };
}
