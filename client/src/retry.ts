/** How the client waits between attempts: exponential backoff with jitter, or what the server's Retry-After says. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first backoff; each later one doubles. */
  baseDelayMs: number;
  /** Waits `ms`, or rejects with the signal's reason when it aborts first. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BASE_DELAY_MS = 250;

/** A Retry-After longer than this is the server asking to come back later, not a pause worth holding a call for. */
const MAX_RETRY_AFTER_MS = 60_000;

/** Methods whose repetition has the effect of one call: only these are ever sent twice. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export const isIdempotent = (method: string): boolean => IDEMPOTENT_METHODS.has(method.toUpperCase());

/** Answers that say "try again": the server asked (429 with Retry-After, 503) or a gateway failed (502). */
export function isRetryableStatus(response: Response): boolean {
  if (response.status === 502 || response.status === 503) return true;
  return response.status === 429 && response.headers.has('retry-after');
}

/** What fetch throws when no response arrived at all (refused, reset, DNS): worth another attempt. */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

/** Retry-After in milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Exponential backoff with "equal jitter": half the step fixed, half random, so clients spread out. */
export function backoffMs(policy: RetryPolicy, attempt: number): number {
  const step = policy.baseDelayMs * 2 ** (attempt - 1);
  return step / 2 + Math.random() * (step / 2);
}

/**
 * The wait before attempt `attempt + 1` after a retryable `response`: the server's Retry-After when it gave one,
 * else the backoff; null when the server asks for longer than MAX_RETRY_AFTER_MS.
 */
export function delayBeforeRetry(policy: RetryPolicy, attempt: number, response: Response): number | null {
  const asked = retryAfterMs(response);
  if (asked === null) return backoffMs(policy, attempt);
  return asked <= MAX_RETRY_AFTER_MS ? asked : null;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
