import type { components } from './generated/openapi.ts';

/** Every `code` the server's error envelope can carry: the `code` enum of its OpenAPI `Error` schema. */
export type ErrorCode = components['schemas']['Error']['code'];

/**
 * The catalog's generic code of a status, for an answer without the envelope (a proxy's or gateway's own page),
 * so `code` is always one of ErrorCode.
 */
function genericCode(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return status < 500 ? 'invalid_request' : 'internal_error';
}

interface Envelope {
  error: string;
  code: ErrorCode;
  request_id?: string;
}

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as Envelope).error === 'string' &&
  typeof (body as Envelope).code === 'string';

/** A response outside 2xx: the server's `{ error, code, request_id }` (plus `details` on some 400s) as `body`. */
export class AtriumApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly requestId: string | null;
  /** The parsed error body (the envelope), or its text when it was not JSON. */
  readonly body: unknown;

  constructor(response: Response, body: unknown) {
    const envelope = isEnvelope(body) ? body : null;
    super(envelope?.error ?? `HTTP ${response.status} ${response.statusText}`.trim());
    this.name = 'AtriumApiError';
    this.status = response.status;
    this.code = envelope?.code ?? genericCode(response.status);
    this.requestId = envelope?.request_id ?? response.headers.get('x-request-id');
    this.body = body;
  }

  /** Reads the error body of `response` (JSON when it parses, else its text). */
  static async from(response: Response): Promise<AtriumApiError> {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return new AtriumApiError(response, body);
  }
}

/** The data of an openapi-fetch result, or its error as an AtriumApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok || result.error !== undefined) throw new AtriumApiError(result.response, result.error);
  return result.data as T;
}
