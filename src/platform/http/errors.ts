/** The one error type of the service; the error handler turns it into `{ error, code, request_id }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what = 'Resource') => new ApiError(404, 'not_found', `${what} not found`);
export const invalidRequest = (message: string) => new ApiError(400, 'invalid_request', message);
export const unprocessable = (message: string) => new ApiError(422, 'validation_error', message);
export const forbidden = (message = 'You do not have permission to do this', code = 'forbidden') =>
  new ApiError(403, code, message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);
export const unauthorized = (message = 'A valid bearer credential is required', code = 'unauthorized') =>
  new ApiError(401, code, message);
