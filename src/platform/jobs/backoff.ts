export interface BackoffOptions {
  /** Delay before the second attempt, before jitter. */
  baseMs: number;
  /** Upper bound of any delay. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 5 * 60_000 };

/**
 * Delay before retrying after failed attempt number `attempt` (1-based): `baseMs * 2^(attempt-1)`, capped at
 * `maxMs`, then jittered to a random point in [0.5x, 1x] of that, so jobs that failed together (an outage)
 * do not all come back in the same instant.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempt - 1);
  // 2^exponent overflows to Infinity long after the cap applies; min() keeps the result finite.
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(exponent, 60));
  return Math.round(ceiling * (0.5 + 0.5 * random()));
}
