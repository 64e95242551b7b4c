/** Runs a task when one of a fixed number of slots is free; waiting tasks start in the order they came. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(slots: number): Limiter {
  if (!Number.isInteger(slots) || slots < 1) throw new RangeError('createLimiter: slots must be a positive integer');
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (busy < slots) busy++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      const next = waiting.shift();
      if (next) next();
      else busy--;
    }
  };
}

/** Thrown by a keyed limiter when a key already has all its slots busy and its queue full. */
export class LimiterFullError extends Error {
  constructor() {
    super('every slot of this key is busy and its queue is full');
  }
}

/**
 * A limiter per key (an organization, say): at most `slots` tasks of one key run at once and at most `queue` more
 * wait; a task beyond that is refused at once with LimiterFullError, so one key can neither take every slot of a
 * shared resource nor pile up unbounded work. Keys with nothing running or waiting are forgotten.
 */
export function createKeyedLimiter(options: { slots: number; queue: number }) {
  const perKey = new Map<string, { limit: Limiter; pending: number }>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    let entry = perKey.get(key);
    if (!entry) {
      entry = { limit: createLimiter(options.slots), pending: 0 };
      perKey.set(key, entry);
    }
    if (entry.pending >= options.slots + options.queue) throw new LimiterFullError();
    entry.pending++;
    try {
      return await entry.limit(task);
    } finally {
      entry.pending--;
      if (entry.pending === 0) perKey.delete(key);
    }
  };
}
