import { Worker } from 'node:worker_threads';
import { createFairQueue } from './fair-queue.ts';

export type Engine = 'linear' | 'backtracking';

/**
 * How an evaluation ended. Only `match` and `no_match` are answers; the others mean it could not be
 * decided: over its time budget, text over the backtracking input cap, waited too long for a worker, over
 * what its check or tenant may still spend (`over_budget`), withdrawn by its caller (`cancelled`), a worker
 * failure, or the pool closed.
 */
export type Outcome =
  | 'match'
  | 'no_match'
  | 'timeout'
  | 'input_too_long'
  | 'queue_timeout'
  | 'over_budget'
  | 'cancelled'
  | 'error'
  | 'closed';

export interface PoolTask {
  /** The ECMAScript pattern (compiled natively, flag `i`, when there is no RE2 translation). */
  source: string;
  /** Its RE2 translation, or null to run it on the backtracking engine. */
  re2: string | null;
  lookbehind: boolean;
  text: string;
}

export interface PoolJob {
  /** Whose work this is: runs queue per tenant, and tenants share the workers fairly. */
  tenant: string;
  task: PoolTask;
  /**
   * The most worker time the run may take, asked when a worker is about to take it; 0 or less and it does not
   * run (`over_budget`). A run stopped by this rather than by its engine's budget is `over_budget` too.
   */
  allowance(): number;
}

export interface PoolResult {
  outcome: Outcome;
  engine: Engine | null;
  /** The worker had the pattern compiled already. */
  cached: boolean;
  /** Worker time the run took (up to where it was stopped); 0 when it never ran. */
  workerMs: number;
}

export interface PoolRun {
  result: Promise<PoolResult>;
  /** Takes the run back while it still waits for a worker, answering it `outcome`; no effect once it runs. */
  withdraw(outcome: Outcome): void;
}

export interface RegexPoolOptions {
  workers: number;
  /** Workers one tenant may hold at once (running, or restarting after its run overran). */
  workersPerTenant: number;
  /** Budget of one run on the backtracking engine, from when the worker starts matching. */
  backtrackingTimeoutMs: number;
  /** Budget of one run on the linear engine (compile included), from when it is handed to a worker. */
  linearTimeoutMs: number;
  /** Longest text (UTF-16 units) given to the backtracking engine; longer is `input_too_long`. */
  maxBacktrackingInput: number;
  /** Longest wait for a free worker; longer is `queue_timeout`. */
  maxQueueMs: number;
  /** Compiled patterns each worker keeps. */
  cacheSize: number;
}

export interface PoolStats {
  workersStarted: number;
  workersTerminated: number;
  running: number;
  queued: number;
}

export interface RegexPool {
  run(job: PoolJob): PoolRun;
  /** Starts every worker now; resolves once none is still starting (runs otherwise start them on demand). */
  warm(): Promise<void>;
  stats(): PoolStats;
  /** Ends every worker; pending and later runs resolve `closed`. */
  close(): Promise<void>;
}

interface Pending {
  id: number;
  job: PoolJob;
  resolve(result: PoolResult): void;
  queueTimer: NodeJS.Timeout | null;
  /** When the run must stop at the latest (its allowance), once a worker took it. */
  stopAt: number;
}

interface Slot {
  worker: Worker | null;
  state: 'empty' | 'starting' | 'idle' | 'busy';
  current: Pending | null;
  /** The engine of the current run, once known. */
  engine: Engine | null;
  timer: NodeJS.Timeout | null;
  /** The tenant holding the slot: its run, or the restart its overrun caused. */
  tenant: string | null;
  /** Since when that tenant holds it. */
  heldSince: number;
}

type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'backtracking'; id: number }
  | { kind: 'result'; id: number; outcome: Outcome; engine: Engine | null; cached: boolean; ms: number };

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

const unanswered = (outcome: Outcome, engine: Engine | null = null): PoolResult => ({
  outcome,
  engine,
  cached: false,
  workerMs: 0,
});

/**
 * A few worker threads that run user patterns off the main thread. Runs wait in per-tenant lines
 * (fair-queue.ts), so one tenant's backlog delays only that tenant. Each run has a time budget; a worker over
 * budget is terminated (the only way to stop a running RegExp) and replaced at once, the replacement still
 * counting as held by the tenant whose run overran until it is ready. Idle workers are unref'd, so the pool
 * never keeps the process alive; busy and starting ones are ref'd until they answer.
 */
export function createRegexPool(options: RegexPoolOptions): RegexPool {
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({
    worker: null,
    state: 'empty',
    current: null,
    engine: null,
    timer: null,
    tenant: null,
    heldSince: 0,
  }));
  const queue = createFairQueue<Pending>(options.workersPerTenant);
  let nextId = 1;
  let closed = false;
  let workersStarted = 0;
  let workersTerminated = 0;
  const warmWaiters: (() => void)[] = [];

  function wakeWarmWaiters(): void {
    if (slots.some((s) => s.state === 'starting')) return;
    for (const resolve of warmWaiters.splice(0)) resolve();
  }

  const settle = (pending: Pending, result: PoolResult) => {
    if (pending.queueTimer) clearTimeout(pending.queueTimer);
    pending.resolve(result);
  };

  /** The slot no longer serves its tenant: the tenant may take another worker. */
  function releaseTenant(slot: Slot): void {
    if (slot.tenant === null) return;
    queue.release(slot.tenant, performance.now() - slot.heldSince);
    slot.tenant = null;
  }

  /** Empties the slot, keeping its tenant's hold (a restart may follow); returns the run it had. */
  function clearSlot(slot: Slot): Pending | null {
    if (slot.timer) clearTimeout(slot.timer);
    const current = slot.current;
    Object.assign(slot, { worker: null, state: 'empty', current: null, engine: null, timer: null });
    return current;
  }

  function spawn(slot: Slot): void {
    const worker = new Worker(WORKER_URL, {
      workerData: { cacheSize: options.cacheSize },
      // Plain JavaScript: no need for the parent's loaders (tsx), which would only slow the start.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    workersStarted++;
    Object.assign(slot, { worker, state: 'starting', current: null, engine: null, timer: null });
    worker.on('message', (message: WorkerMessage) => onMessage(slot, worker, message));
    // 'exit' follows every 'error'; the handler only keeps an error from becoming an uncaught exception.
    worker.on('error', () => {});
    worker.on('exit', () => onExit(slot, worker));
  }

  function onMessage(slot: Slot, worker: Worker, message: WorkerMessage): void {
    if (slot.worker !== worker) return;
    if (message.kind === 'ready') {
      slot.state = 'idle';
      worker.unref();
      releaseTenant(slot);
      wakeWarmWaiters();
      pump();
      return;
    }
    const current = slot.current;
    if (!current || message.id !== current.id) return;
    if (message.kind === 'backtracking') {
      // The native engine starts now: from here on, its own (short) budget applies.
      slot.engine = 'backtracking';
      arm(slot, options.backtrackingTimeoutMs);
      return;
    }
    if (slot.timer) clearTimeout(slot.timer);
    Object.assign(slot, { state: 'idle', current: null, engine: null, timer: null });
    releaseTenant(slot);
    worker.unref();
    const { outcome, engine, cached, ms } = message;
    settle(current, { outcome, engine, cached, workerMs: ms });
    pump();
  }

  function onExit(slot: Slot, worker: Worker): void {
    if (slot.worker !== worker) return;
    const diedStarting = slot.state === 'starting';
    const current = clearSlot(slot);
    releaseTenant(slot);
    if (current) settle(current, unanswered('error'));
    // A worker that cannot even start would be respawned forever: fail what waits instead.
    if (diedStarting) {
      for (const pending of queue.drain()) settle(pending, unanswered('error'));
      wakeWarmWaiters();
    }
    pump();
  }

  /**
   * (Re)sets the slot's timer: the engine's `budget`, or less when the run's allowance ends sooner. An answer
   * the worker sent while this thread was busy is delivered in the event loop's poll phase, after timers and
   * before immediates: the expiry is confirmed on the next immediate, so that the main thread's own lateness
   * never fails a run that had finished in time.
   */
  function arm(slot: Slot, budget: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    const left = slot.current!.stopAt - performance.now();
    const overBudget = left < budget;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (slot.timer === timer) onTimeout(slot, overBudget);
        }),
      Math.max(0, Math.min(budget, left)),
    );
    slot.timer = timer;
  }

  function onTimeout(slot: Slot, overBudget: boolean): void {
    const worker = slot.worker;
    const engine = slot.engine ?? (slot.current?.job.task.re2 === null ? 'backtracking' : 'linear');
    const current = clearSlot(slot);
    if (worker) {
      workersTerminated++;
      worker.removeAllListeners('message');
      worker.terminate().catch(() => {});
    }
    if (current) {
      const outcome = overBudget ? 'over_budget' : 'timeout';
      settle(current, { outcome, engine, cached: false, workerMs: performance.now() - slot.heldSince });
    }
    // The restart is part of what the overrun cost: it stays the tenant's until the new worker is ready.
    spawn(slot);
    pump();
  }

  function dispatch(slot: Slot, pending: Pending, allowance: number): void {
    const worker = slot.worker!;
    if (pending.queueTimer) clearTimeout(pending.queueTimer);
    pending.queueTimer = null;
    const { task, tenant } = pending.job;
    const now = performance.now();
    pending.stopAt = now + allowance;
    Object.assign(slot, {
      state: 'busy',
      current: pending,
      engine: task.re2 === null ? 'backtracking' : null,
      tenant,
      heldSince: now,
    });
    worker.ref();
    arm(slot, task.re2 === null ? options.backtrackingTimeoutMs : options.linearTimeoutMs);
    worker.postMessage({ id: pending.id, ...task, maxBacktrackingInput: options.maxBacktrackingInput });
  }

  /** The next run a worker should take, skipping (and answering) those with nothing left to spend. */
  function next(): { pending: Pending; allowance: number } | null {
    for (;;) {
      const taken = queue.take();
      if (!taken) return null;
      const allowance = taken.item.job.allowance();
      if (allowance > 0) return { pending: taken.item, allowance };
      queue.release(taken.tenant, 0);
      settle(taken.item, unanswered('over_budget'));
    }
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (slot.state !== 'idle') continue;
      const taken = next();
      if (!taken) break;
      dispatch(slot, taken.pending, taken.allowance);
    }
    // Demand starts every worker, not just enough for it: a tenant arriving while another holds the started
    // ones must find a worker ready rather than wait for one to start.
    if (queue.startable() === 0) return;
    for (const slot of slots) if (slot.state === 'empty') spawn(slot);
  }

  return {
    run(job) {
      const done = (outcome: Outcome, engine: Engine | null = null): PoolRun => ({
        result: Promise.resolve(unanswered(outcome, engine)),
        withdraw: () => {},
      });
      if (closed) return done('closed');
      if (job.task.re2 === null && job.task.text.length > options.maxBacktrackingInput) {
        return done('input_too_long', 'backtracking');
      }
      let pending!: Pending;
      const result = new Promise<PoolResult>((resolve) => {
        pending = { id: nextId++, job, resolve, queueTimer: null, stopAt: 0 };
      });
      const withdraw = (outcome: Outcome) => {
        if (queue.remove(job.tenant, pending)) settle(pending, unanswered(outcome));
      };
      pending.queueTimer = setTimeout(() => withdraw('queue_timeout'), options.maxQueueMs);
      queue.push(job.tenant, pending);
      pump();
      return { result, withdraw };
    },

    warm() {
      if (closed) return Promise.resolve();
      for (const slot of slots) if (slot.state === 'empty') spawn(slot);
      return new Promise<void>((resolve) => {
        warmWaiters.push(resolve);
        wakeWarmWaiters();
      });
    },

    stats: () => ({
      workersStarted,
      workersTerminated,
      running: slots.filter((s) => s.state === 'busy').length,
      queued: queue.waiting(),
    }),

    async close() {
      if (closed) return;
      closed = true;
      for (const pending of queue.drain()) settle(pending, unanswered('closed'));
      const stopping: Promise<number>[] = [];
      for (const slot of slots) {
        const worker = slot.worker;
        const current = clearSlot(slot);
        releaseTenant(slot);
        if (current) settle(current, unanswered('closed'));
        if (worker) {
          worker.removeAllListeners('message');
          stopping.push(worker.terminate().catch(() => 0));
        }
      }
      await Promise.all(stopping);
      wakeWarmWaiters();
    },
  };
}
