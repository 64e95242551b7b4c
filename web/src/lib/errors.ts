import { AtriumApiError } from '@atrium/client';

/** A sentence a person can act on, from whatever a failed call threw. */
export function describeError(error: unknown): string {
  if (error instanceof AtriumApiError) {
    if (error.status === 429) return 'Too many attempts. Wait a minute, then try again.';
    if (error.status >= 500) return `The server could not do that (request ${error.requestId}). Try again.`;
    return error.message;
  }
  if (error instanceof TypeError) return 'The server cannot be reached. Check your connection and try again.';
  return 'Something went wrong. Try again.';
}

export const isApiError = (error: unknown, status: number, code?: string): error is AtriumApiError =>
  error instanceof AtriumApiError && error.status === status && (code === undefined || error.code === code);

/** A failure that waiting may cure: no answer at all (offline, reset), the server busy or failing. */
export const isTransientFailure = (error: unknown): boolean =>
  error instanceof TypeError ||
  (error instanceof AtriumApiError && (error.status >= 500 || error.status === 408 || error.status === 429));
