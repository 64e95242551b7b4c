import { Worker } from 'node:worker_threads';

export type Engine = 'linear' | 'backtracking';

/**
 * How an evaluation ended. Only `match` and `no_match` are answers; the others mean it could not be
 * decided: over its time budget, text over the backtracking input cap, waited too long for a worker,
 * a worker failure, or the pool closed.
 */
export type Outcome = 'match' | 'no_match' | 'timeout' | 'input_too_long' | 'queue_timeout' | 'error' | 'closed';

export interface PoolTask {
  /** The ECMAScript pattern (compiled natively, flag `i`, when there is no RE2 translation). */
  source: string;
  /** Its RE2 translation, or null to run it on the backtracking engine. */
  re2: string | null;
  lookbehind: boolean;
  text: string;
}

export interface PoolResult {
  outcome: Outcome;
  engine: Engine | null;
  /** The worker had the pattern compiled already. */
  cached: boolean;
}

export interface RegexPoolOptions {
  workers: number;
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
  run(task: PoolTask): Promise<PoolResult>;
  /** Starts every worker now; resolves once none is still starting (runs otherwise start them on demand). */
  warm(): Promise<void>;
  stats(): PoolStats;
  /** Ends every worker; pending and later runs resolve `closed`. */
  close(): Promise<void>;
}

interface Pending {
  id: number;
  task: PoolTask;
  resolve(result: PoolResult): void;
  queueTimer: NodeJS.Timeout | null;
}

interface Slot {
  worker: Worker | null;
  state: 'empty' | 'starting' | 'idle' | 'busy';
  current: Pending | null;
  /** The engine of the current run, once known. */
  engine: Engine | null;
  timer: NodeJS.Timeout | null;
}

type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'backtracking'; id: number }
  | { kind: 'result'; id: number; outcome: Outcome; engine: Engine | null; cached: boolean };

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

const setSlot = (slot: Slot, patch: Partial<Slot>) => Object.assign(slot, patch);

/**
 * A few worker threads that run user patterns off the main thread. Each run has a time budget; a worker
 * over budget is terminated (the only way to stop a running RegExp) and replaced on demand. Idle workers
 * are unref'd, so the pool never keeps the process alive; busy ones are ref'd until their answer arrives.
 */
export function createRegexPool(options: RegexPoolOptions): RegexPool {
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({
    worker: null,
    state: 'empty',
    current: null,
    engine: null,
    timer: null,
  }));
  const queue: Pending[] = [];
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

  function resetSlot(slot: Slot): Pending | null {
    if (slot.timer) clearTimeout(slot.timer);
    const current = slot.current;
    setSlot(slot, { worker: null, state: 'empty', current: null, engine: null, timer: null });
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
    setSlot(slot, { worker, state: 'starting', current: null, engine: null, timer: null });
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
      wakeWarmWaiters();
      pump();
      return;
    }
    const current = slot.current;
    if (!current || message.id !== current.id) return;
    if (message.kind === 'backtracking') {
      // The native engine starts now: from here on, its own (short) budget applies.
      slot.engine = 'backtracking';
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = setTimeout(() => onTimeout(slot), options.backtrackingTimeoutMs);
      return;
    }
    if (slot.timer) clearTimeout(slot.timer);
    setSlot(slot, { state: 'idle', current: null, engine: null, timer: null });
    worker.unref();
    settle(current, { outcome: message.outcome, engine: message.engine, cached: message.cached });
    pump();
  }

  function onExit(slot: Slot, worker: Worker): void {
    if (slot.worker !== worker) return;
    const diedStarting = slot.state === 'starting';
    const current = resetSlot(slot);
    if (current) settle(current, { outcome: 'error', engine: null, cached: false });
    // A worker that cannot even start would be respawned forever: fail what waits instead.
    if (diedStarting) {
      for (const pending of queue.splice(0)) settle(pending, { outcome: 'error', engine: null, cached: false });
      wakeWarmWaiters();
    }
    pump();
  }

  function onTimeout(slot: Slot): void {
    const worker = slot.worker;
    const engine = slot.engine ?? (slot.current?.task.re2 === null ? 'backtracking' : 'linear');
    const current = resetSlot(slot);
    if (worker) {
      workersTerminated++;
      worker.removeAllListeners('message');
      worker.terminate().catch(() => {});
    }
    if (current) settle(current, { outcome: 'timeout', engine, cached: false });
    pump();
  }

  function dispatch(slot: Slot, pending: Pending): void {
    const worker = slot.worker!;
    if (pending.queueTimer) clearTimeout(pending.queueTimer);
    pending.queueTimer = null;
    const { task } = pending;
    setSlot(slot, { state: 'busy', current: pending, engine: task.re2 === null ? 'backtracking' : null });
    worker.ref();
    const budget = task.re2 === null ? options.backtrackingTimeoutMs : options.linearTimeoutMs;
    slot.timer = setTimeout(() => onTimeout(slot), budget);
    worker.postMessage({ id: pending.id, ...task, maxBacktrackingInput: options.maxBacktrackingInput });
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.state === 'idle') dispatch(slot, queue.shift()!);
    }
    let unserved = queue.length - slots.filter((s) => s.state === 'starting').length;
    for (const slot of slots) {
      if (unserved <= 0) return;
      if (slot.state === 'empty') {
        spawn(slot);
        unserved--;
      }
    }
  }

  return {
    run(task) {
      if (closed) return Promise.resolve({ outcome: 'closed', engine: null, cached: false });
      if (task.re2 === null && task.text.length > options.maxBacktrackingInput) {
        return Promise.resolve({ outcome: 'input_too_long', engine: 'backtracking', cached: false });
      }
      return new Promise<PoolResult>((resolve) => {
        const pending: Pending = { id: nextId++, task, resolve, queueTimer: null };
        pending.queueTimer = setTimeout(() => {
          const at = queue.indexOf(pending);
          if (at < 0) return;
          queue.splice(at, 1);
          resolve({ outcome: 'queue_timeout', engine: null, cached: false });
        }, options.maxQueueMs);
        queue.push(pending);
        pump();
      });
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
      queued: queue.length,
    }),

    async close() {
      if (closed) return;
      closed = true;
      for (const pending of queue.splice(0)) settle(pending, { outcome: 'closed', engine: null, cached: false });
      const stopping: Promise<number>[] = [];
      for (const slot of slots) {
        const worker = slot.worker;
        const current = resetSlot(slot);
        if (current) settle(current, { outcome: 'closed', engine: null, cached: false });
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
