import type { ErrorCode } from './error-codes.ts';

/**
 * The one error type of the service; the error handler turns it into `{ error, code, request_id }`. Its code is
 * one of the catalog's (error-codes.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The envelope every failure is written as; built here so that its `code` is always one of the catalog's. */
export const errorEnvelope = (error: string, code: ErrorCode, requestId: string) => ({
  error,
  code,
  request_id: requestId,
});

export const notFound = (what = 'Resource') => new ApiError(404, 'not_found', `${what} not found`);
export const invalidRequest = (message: string) => new ApiError(400, 'invalid_request', message);
export const unprocessable = (message: string) => new ApiError(422, 'validation_error', message);
export const forbidden = (message = 'You do not have permission to do this', code: ErrorCode = 'forbidden') =>
  new ApiError(403, code, message);
export const conflict = (code: ErrorCode, message: string) => new ApiError(409, code, message);
export const unauthorized = (message = 'A valid bearer credential is required', code: ErrorCode = 'unauthorized') =>
  new ApiError(401, code, message);
