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
