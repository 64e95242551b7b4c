import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Executor } from '../db/client.ts';
import { loggableError } from '../db/errors.ts';
import { type BackoffOptions, DEFAULT_BACKOFF } from './backoff.ts';
import { type DeliveryDeps, deliver } from './deliver.ts';
import { createLeaseKeeper } from './leases.ts';
import { type ClaimedJob, claimJobs, hasDueJob, type KindFilter } from './store.ts';
import { consoleJobLogger, type DeadJobHook, type JobHandler, type JobLogger } from './types.ts';
import type { JobWakeups } from './wakeups.ts';

export interface JobWorkerOptions {
  db: Executor;
  /** One handler per job kind. A claimed job of a kind not listed here is dead at once. */
  handlers: Readonly<Record<string, JobHandler>>;
  /** Per job kind, what ends the job's subject when the job dies (see DeadJobHook). */
  onDead?: Readonly<Record<string, DeadJobHook>>;
  /**
   * Claims only these kinds, or every kind but these (default: every kind). Workers with disjoint filters in
   * one process give each kind of work its own slots: long, waiting runs cannot starve short, costly ones.
   */
  kinds?: KindFilter;
  /** Unique per worker (default: host:pid:random); leases and outcomes are fenced by it. */
  workerId?: string;
  /** Jobs run at the same time (default 4). */
  concurrency?: number;
  /**
   * How long a claim holds without a heartbeat (default 6 s): a dead worker's jobs come back after it, at the next
   * poll of another worker.
   */
  leaseMs?: number;
  /**
   * Period of the worker's heartbeat, one statement renewing the leases of all its running jobs (default
   * leaseMs / 3); keep it well below leaseMs.
   */
  heartbeatMs?: number;
  /** Delay between claims when idle (default 500 ms); `wake()` claims at once. */
  pollMs?: number;
  backoff?: Partial<BackoffOptions>;
  logger?: JobLogger;
  /** Wakes this worker when its kinds are enqueued by this process (see JobWakeups). */
  wakeups?: JobWakeups;
}

export interface JobWorker {
  readonly workerId: string;
  /** Starts polling; idempotent. */
  start(): void;
  /**
   * Stops claiming and resolves once every running job has finished and recorded its outcome. Handlers are not
   * aborted: a process that cannot wait that long may simply exit; its leases expire and the jobs run again.
   */
  stop(): Promise<void>;
  /** Claims now instead of at the next poll (call after committing a transaction that enqueued). */
  wake(): void;
  /** For tests: claims and runs until no job is due and none of this worker's is running. */
  drain(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 6_000;

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`createJobWorker: ${name} must be positive`);
  return value;
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const db = options.db;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const concurrency = positive('concurrency', Math.floor(options.concurrency ?? 4));
  const kinds = options.kinds ?? null;
  if (kinds && ('only' in kinds ? kinds.only : kinds.except).length === 0) {
    throw new RangeError('createJobWorker: a kind filter must list at least one kind');
  }
  const leaseMs = positive('leaseMs', options.leaseMs ?? DEFAULT_LEASE_MS);
  const pollMs = positive('pollMs', options.pollMs ?? 500);
  const logger = options.logger ?? consoleJobLogger;
  const heartbeatMs = positive('heartbeatMs', options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 3)));
  const deps: DeliveryDeps = {
    db,
    workerId,
    handlers: options.handlers,
    onDead: options.onDead ?? {},
    leases: createLeaseKeeper({ db, workerId, leaseMs, heartbeatMs, logger }),
    backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
    logger,
  };

  let state: 'idle' | 'running' | 'stopping' | 'stopped' = 'idle';
  let draining = 0;
  let pollTimer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;
  // True while due jobs may be left unclaimed: the last claim filled every slot it asked for, or a wake found no
  // free slot. A finished job looks for more at once only then; otherwise the next wake or poll does.
  let backlog = false;
  let stopped: Promise<void> | null = null;
  const active = new Set<Promise<void>>();

  const claiming = () => state === 'running' || (state === 'idle' && draining > 0);

  function schedulePoll() {
    clearTimeout(pollTimer);
    if (state === 'running') pollTimer = setTimeout(() => void tick(), pollMs);
  }

  function launch(job: ClaimedJob) {
    const delivery: Promise<void> = deliver(deps, job).finally(() => {
      active.delete(delivery);
      if (backlog && claiming()) void tick();
    });
    active.add(delivery);
  }

  /** One claiming pass (repeated while slots fill up or a wake arrived meanwhile); never rejects. */
  function tick(): Promise<void> {
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      // Yield before anything else: a pass that ended without awaiting (no free slot) would run its `finally`
      // before `ticking` is assigned, leaving a settled promise there that turns every later tick into a no-op.
      await undefined;
      try {
        do {
          again = false;
          const free = concurrency - active.size;
          if (!claiming()) break;
          if (free <= 0) {
            backlog = true;
            break;
          }
          let claimed: ClaimedJob[];
          try {
            claimed = await claimJobs(db, workerId, kinds, free, leaseMs);
          } catch (error) {
            logger.error({ workerId, err: loggableError(error) }, 'claiming jobs failed; retrying at the next poll');
            break;
          }
          for (const job of claimed) launch(job);
          backlog = claimed.length === free;
          if (backlog) again = true;
        } while (again);
      } finally {
        ticking = null;
        schedulePoll();
      }
    })();
    return ticking;
  }

  const worker: JobWorker = {
    workerId,
    start() {
      if (state === 'running') return;
      if (state !== 'idle') throw new Error('createJobWorker: a stopped worker cannot start again');
      state = 'running';
      void tick();
    },
    stop() {
      if (stopped) return stopped;
      state = 'stopping';
      clearTimeout(pollTimer);
      stopped = (async () => {
        // A claim in flight still launches what it took; wait for those deliveries as well.
        if (ticking) await ticking;
        while (active.size > 0) await Promise.allSettled([...active]);
        state = 'stopped';
      })();
      return stopped;
    },
    wake() {
      if (state === 'running') void tick();
    },
    async drain() {
      if (state === 'stopping' || state === 'stopped') throw new Error('createJobWorker: drain after stop');
      draining++;
      try {
        for (;;) {
          await tick();
          if (active.size > 0) {
            await Promise.race(active);
            continue;
          }
          if (!(await hasDueJob(db, kinds))) return;
          // Due but not claimable by us right now (locked by another claimer): give it a moment.
          await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, 25)));
        }
      } finally {
        draining--;
      }
    },
  };
  options.wakeups?.listen(options.kinds, () => worker.wake());
  return worker;
}
