interface TenantLine<T> {
  waiting: T[];
  running: number;
  /** Worker time of the tenant's runs since it last had nothing waiting or running. */
  used: number;
}

export interface FairQueue<T> {
  push(tenant: string, item: T): void;
  /** Takes back a waiting item; false when it is not waiting (taken or removed already). */
  remove(tenant: string, item: T): boolean;
  /**
   * The next item to run: the oldest of the tenant that has used the least worker time, among tenants
   * running fewer than their limit. Counts it as running until `release`.
   */
  take(): { tenant: string; item: T } | null;
  /** A run of `tenant` taken by `take` no longer holds a worker; it held one for `ms`. */
  release(tenant: string, ms: number): void;
  /** Items waiting, all tenants together. */
  waiting(): number;
  /** Waiting items that `take` could hand out now if there were workers enough. */
  startable(): number;
  /** Empties the queue, returning every waiting item. */
  drain(): T[];
}

/**
 * Per-tenant FIFO lines in front of a worker pool. Dispatch goes to the tenant that has used the least worker
 * time in its current busy period, so a tenant with cheap runs overtakes one with costly runs instead of
 * alternating with it run for run; a tenant starts a busy period at zero, so one that was idle never waits
 * behind one that has been busy. `limit` caps the workers one tenant may hold at once, which keeps workers
 * free for the others however long one tenant's line is.
 */
export function createFairQueue<T>(limit: number): FairQueue<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('the per-tenant limit must be a positive integer');
  const lines = new Map<string, TenantLine<T>>();
  let waitingCount = 0;

  function forget(tenant: string, line: TenantLine<T>): void {
    if (line.waiting.length === 0 && line.running === 0) lines.delete(tenant);
  }

  return {
    push(tenant, item) {
      let line = lines.get(tenant);
      if (!line) {
        line = { waiting: [], running: 0, used: 0 };
        lines.set(tenant, line);
      }
      line.waiting.push(item);
      waitingCount++;
    },

    remove(tenant, item) {
      const line = lines.get(tenant);
      const at = line ? line.waiting.indexOf(item) : -1;
      if (!line || at < 0) return false;
      line.waiting.splice(at, 1);
      waitingCount--;
      forget(tenant, line);
      return true;
    },

    take() {
      let best: [string, TenantLine<T>] | null = null;
      // Map order breaks ties: the tenant that became busy first.
      for (const entry of lines) {
        const line = entry[1];
        if (line.waiting.length === 0 || line.running >= limit) continue;
        if (!best || line.used < best[1].used) best = entry;
      }
      if (!best) return null;
      const [tenant, line] = best;
      line.running++;
      waitingCount--;
      return { tenant, item: line.waiting.shift()! };
    },

    release(tenant, ms) {
      const line = lines.get(tenant);
      if (!line) return;
      line.running--;
      line.used += ms;
      forget(tenant, line);
    },

    waiting: () => waitingCount,

    startable() {
      let count = 0;
      for (const line of lines.values()) count += Math.min(line.waiting.length, Math.max(0, limit - line.running));
      return count;
    },

    drain() {
      const items: T[] = [];
      for (const [tenant, line] of lines) {
        items.push(...line.waiting.splice(0));
        forget(tenant, line);
      }
      waitingCount = 0;
      return items;
    },
  };
}
