import { Redis } from 'ioredis';
import { loggableError } from '../db/errors.ts';

/** A key's count in its current window, and how long until that window ends (0 when none is open). */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window event counters (failed sign-ins): a window opens at a key's first hit and lasts `windowMs`.
 * Reads and hits never throw: a counter store that cannot answer counts nothing, so an outage of Redis does not
 * take sign-in down with it (the password-hash bound still caps what a flood can cost).
 */
export interface WindowCounters {
  peek(keys: readonly string[]): Promise<WindowCount[]>;
  hit(keys: readonly string[], windowMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface CounterLogger {
  warn(obj: object, msg: string): void;
}

/** In Redis (shared by every process) when a URL is given, in this process's memory otherwise. */
export function createWindowCounters(options: {
  redisUrl: string | null;
  prefix: string;
  log: CounterLogger;
}): WindowCounters {
  return options.redisUrl ? createRedisCounters(options.redisUrl, options.prefix, options.log) : createMemoryCounters();
}

/** A fixed window of one key: its count, and when it ends (epoch milliseconds). */
export interface Window {
  count: number;
  endsAt: number;
}

/**
 * Fixed windows in this process's memory, synchronous so the request hot path can use them. At most `maxKeys`
 * are kept: past that the least recently hit is forgotten (it starts afresh if it comes back), so memory stays
 * bounded whatever number of keys a caller invents, and a busy key is never the one forgotten.
 */
export function createMemoryWindows(maxKeys: number) {
  // A Map iterates in insertion order; re-inserting a key on every hit keeps it ordered by last hit.
  const windows = new Map<string, Window>();
  return {
    /** Counts one event for the key, in its open window or a new one. */
    hit(key: string, windowMs: number, now: number): Window {
      let window = windows.get(key);
      if (window) windows.delete(key);
      if (!window || window.endsAt <= now) window = { count: 0, endsAt: now + windowMs };
      window.count++;
      windows.set(key, window);
      if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string);
      return window;
    },
    /** The key's open window, or null. */
    peek(key: string, now: number): Window | null {
      const window = windows.get(key);
      return window && window.endsAt > now ? window : null;
    },
    clear(): void {
      windows.clear();
    },
  };
}

/** Bounds the memory of the in-process sign-in counters. */
const MEMORY_MAX_KEYS = 100_000;

function createMemoryCounters(): WindowCounters {
  const windows = createMemoryWindows(MEMORY_MAX_KEYS);
  return {
    async peek(keys) {
      const now = Date.now();
      return keys.map((key) => {
        const window = windows.peek(key, now);
        return window ? { count: window.count, resetInMs: window.endsAt - now } : { count: 0, resetInMs: 0 };
      });
    },
    async hit(keys, windowMs) {
      const now = Date.now();
      for (const key of keys) windows.hit(key, windowMs, now);
    },
    async close() {
      windows.clear();
    },
  };
}

/** A warning per outage is enough; one per sign-in would flood the log. */
const WARN_INTERVAL_MS = 60_000;

function createRedisCounters(url: string, prefix: string, log: CounterLogger): WindowCounters {
  // Connects on first use, so a worker process that never signs anyone in never opens it. A sign-in waits at
  // most about a second for an unreachable Redis before counting nothing.
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectionName: `atrium-rate-limit-${process.pid}`,
  });
  // Failures surface (and are logged) where a command fails; the connection's own error events add nothing.
  redis.on('error', () => {});
  let warnedAt = 0;
  const warn = (err: unknown) => {
    if (Date.now() - warnedAt < WARN_INTERVAL_MS) return;
    warnedAt = Date.now();
    log.warn({ err: loggableError(err) }, 'rate-limit counters unavailable in Redis; sign-in failures are not counted');
  };

  return {
    async peek(keys) {
      try {
        const pipeline = redis.pipeline();
        for (const key of keys) pipeline.get(prefix + key).pttl(prefix + key);
        const replies = (await pipeline.exec()) ?? [];
        return keys.map((_, i) => {
          const [countError, count] = replies[2 * i] ?? [];
          const [ttlError, ttl] = replies[2 * i + 1] ?? [];
          if (countError || ttlError) throw countError ?? ttlError;
          return { count: Number(count ?? 0), resetInMs: Math.max(0, Number(ttl)) };
        });
      } catch (err) {
        warn(err);
        return keys.map(() => ({ count: 0, resetInMs: 0 }));
      }
    },
    async hit(keys, windowMs) {
      try {
        // One transaction: the first hit opens the window (SET NX with its expiry), INCR keeps that expiry.
        const transaction = redis.multi();
        for (const key of keys) transaction.set(prefix + key, 0, 'PX', windowMs, 'NX').incr(prefix + key);
        const replies = (await transaction.exec()) ?? [];
        const failed = replies.find(([error]) => error);
        if (failed) throw failed[0];
      } catch (err) {
        warn(err);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
