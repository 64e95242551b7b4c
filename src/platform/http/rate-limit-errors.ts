import type { ErrorCode } from './error-codes.ts';
import { ApiError } from './errors.ts';

/**
 * An ApiError the caller may retry after a pause: the error handler sends the pause as `Retry-After` (whole
 * seconds), wherever the error was thrown (a service, a hook).
 */
export class RetryLaterError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(status: 429 | 503, code: ErrorCode, message: string, retryAfterSeconds: number) {
    super(status, code, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new RetryLaterError(429, 'rate_limited', message, retryAfterSeconds);
