import { STATUS_CODES } from 'node:http';
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  TypeValidationError,
} from '@ai-sdk/provider';
import { ApiError } from '../http/errors.ts';
import { PrivateAddressError } from './private-addresses.ts';
import type { ResolvedModel } from './types.ts';
import { VendorRedirectError, VendorResponseTooLargeError } from './vendor-fetch.ts';

/** What went wrong with a vendor call, stripped of everything but what an operator may read. */
export interface ModelFailure {
  kind: 'http' | 'network' | 'timeout' | 'invalid-response' | 'vendor' | 'config';
  /** 429, 408, 5xx and connection failures: safe to try again while nothing reached the caller. */
  retryable: boolean;
  status?: number;
  /** Unsanitised vendor wording (for `http`, only the vendor's error code); scrub it before showing it. */
  detail?: string;
  retryAfterMs?: number;
}

/** Thrown by our own checks (no key, no address, timeout) with a failure already classified. */
export class ModelFailureError extends Error {
  constructor(readonly failure: ModelFailure) {
    super(failure.detail ?? failure.kind);
    this.name = 'ModelFailureError';
  }
}

const DETAIL_LIMIT = 200;
const RAW_LIMIT = 600;
const MIN_FRAGMENT = 8;
const REDACTED = '[redacted]';

const NETWORK_CODES: Record<string, { text: string; retryable: boolean }> = {
  ECONNREFUSED: { text: 'connection refused', retryable: true },
  ConnectionRefused: { text: 'connection refused', retryable: true },
  ECONNRESET: { text: 'connection reset', retryable: true },
  EPIPE: { text: 'connection lost', retryable: true },
  ETIMEDOUT: { text: 'connection timed out', retryable: true },
  UND_ERR_SOCKET: { text: 'connection lost', retryable: true },
  UND_ERR_CONNECT_TIMEOUT: { text: 'connection timed out', retryable: true },
  UND_ERR_HEADERS_TIMEOUT: { text: 'no response headers in time', retryable: true },
  UND_ERR_BODY_TIMEOUT: { text: 'response body stalled', retryable: true },
  ENOTFOUND: { text: 'host not found', retryable: false },
  EAI_AGAIN: { text: 'host name lookup failed', retryable: true },
  CERT_HAS_EXPIRED: { text: 'TLS certificate expired', retryable: false },
};

const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

function networkFailure(error: unknown): ModelFailure | null {
  const seen = new Set<unknown>();
  let terminated = false;
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    const known = typeof code === 'string' ? NETWORK_CODES[code] : undefined;
    if (known) return { kind: 'network', retryable: known.retryable, detail: known.text };
    if (current instanceof TypeError && /^(terminated|fetch failed|failed to fetch)$/i.test(current.message))
      terminated = true;
  }
  return terminated ? { kind: 'network', retryable: true, detail: 'connection lost' } : null;
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const raw = headers?.['retry-after'];
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** A machine-readable vendor error code: one short token, never a sentence of prose. */
const ERROR_CODE = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The vendor's error code in an error object (OpenAI `code`/`type`, Anthropic `type`, Gemini `status`). */
function errorCodeIn(error: Record<string, unknown>): string | null {
  for (const candidate of [error.code, error.type, error.status]) {
    if (typeof candidate === 'string' && ERROR_CODE.test(candidate) && candidate !== 'error') return candidate;
  }
  return null;
}

/** A code that needs scrubbing (it holds a key, or looks like one) is not shown at all. */
const cleanCode = (code: string | null | undefined, secrets: readonly (string | null | undefined)[]) =>
  code && scrub(code, secrets) === code ? code : null;

/**
 * The vendor's error code from a non-2xx body (`{ error: { code | type | status } }` or a top-level one), or null.
 * Only the code is kept: vendors' messages can quote the request, the key or their own internals.
 */
export function vendorErrorCode(body: string | undefined, secrets: readonly (string | null | undefined)[]) {
  if (!body) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  return cleanCode(errorCodeIn(record(record(parsed).error)) ?? errorCodeIn(record(parsed)), secrets);
}

/** `401 Unauthorized (invalid_api_key)`: the status with its standard reason phrase, and the vendor's code. */
export function statusLine(status: number, code: string | null): string {
  const reason = STATUS_CODES[status];
  return `${status}${reason ? ` ${reason}` : ''}${code ? ` (${code})` : ''}`;
}

/** Vendor error objects that arrive inside a stream (`{ message, type, code }`): their code, not their message. */
function vendorObjectFailure(error: Record<string, unknown>): ModelFailure {
  const label = [error.type, error.code].filter((v) => typeof v === 'string').join(' ');
  return {
    kind: 'vendor',
    retryable: /overloaded|rate_limit|server_error|api_error|timeout|unavailable/i.test(label),
    detail: errorCodeIn(error) ?? 'an error in the response stream',
  };
}

/** The error itself or the first of its causes (the AI SDK wraps what a read threw) that is a `type`. */
function causeOfType<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Sorts any error of an AI SDK call into a ModelFailure; never keeps request bodies or raw response bodies. */
export function classifyFailure(error: unknown): ModelFailure {
  if (error instanceof ModelFailureError) return error.failure;
  if (error instanceof VendorRedirectError) return { kind: 'config', retryable: false, detail: error.message };
  const tooLarge = causeOfType(error, VendorResponseTooLargeError);
  if (tooLarge) return { kind: 'invalid-response', retryable: false, detail: tooLarge.message };
  if (error instanceof PrivateAddressError)
    return {
      kind: 'config',
      retryable: false,
      detail: "the provider's address is loopback, private or link-local, which this installation refuses",
    };
  if (APICallError.isInstance(error)) {
    // A 200 whose body broke off is a lost connection, not an HTTP failure.
    const network = networkFailure(error);
    if (network && (error.statusCode === undefined || error.statusCode < 300)) return network;
    if (error.statusCode !== undefined && error.statusCode < 300)
      return { kind: 'invalid-response', retryable: false, detail: "the response did not follow the vendor's format" };
    if (error.statusCode !== undefined)
      return {
        kind: 'http',
        status: error.statusCode,
        retryable: retryableStatus(error.statusCode),
        detail: vendorErrorCode(error.responseBody, []) ?? undefined,
        retryAfterMs: retryAfterMs(error.responseHeaders),
      };
    return { kind: 'network', retryable: error.isRetryable, detail: 'connection failed' };
  }
  if (
    TypeValidationError.isInstance(error) ||
    JSONParseError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error)
  )
    return { kind: 'invalid-response', retryable: false, detail: "the response did not follow the vendor's format" };
  const network = networkFailure(error);
  if (network) return network;
  if (error && typeof error === 'object' && !(error instanceof Error))
    return vendorObjectFailure(error as Record<string, unknown>);
  return { kind: 'vendor', retryable: false, detail: error instanceof Error ? error.name : 'unexpected failure' };
}

/**
 * Makes vendor wording safe to show: drops every occurrence of a secret, and of any fragment of one at least 8
 * characters long (vendors echo keys partially), bearer tokens and `sk-…` style keys; flattens control
 * characters and whitespace; cuts to 200 characters.
 */
export function scrub(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text.slice(0, RAW_LIMIT);
  for (const secret of secrets) {
    if (!secret) continue;
    out = out.split(secret).join(REDACTED);
    if (secret.length < MIN_FRAGMENT) continue;
    let result = '';
    for (let i = 0; i < out.length; ) {
      let length = 0;
      while (i + length < out.length && secret.includes(out.slice(i, i + length + 1))) length++;
      if (length >= MIN_FRAGMENT) {
        result += REDACTED;
        i += length;
      } else {
        result += out[i];
        i++;
      }
    }
    out = result;
  }
  out = out
    .replace(/(bearer\s+)[^\s"',]+/gi, `$1${REDACTED}`)
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{12,}/g, REDACTED)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > DETAIL_LIMIT ? `${out.slice(0, DETAIL_LIMIT - 1)}…` : out;
}

function describe(failure: ModelFailure, detail: string): string {
  switch (failure.kind) {
    case 'http':
      return `HTTP ${detail}`;
    case 'network':
      return `could not be reached (${detail || 'connection failed'})`;
    case 'timeout':
      return detail || 'did not answer in time';
    case 'invalid-response':
      return `sent an invalid response (${detail})`;
    case 'config':
      return detail;
    default:
      return `failed${detail ? `: ${detail}` : ''}`;
  }
}

/**
 * 502 `model_error` naming the provider, the model and what happened; never the key or a vendor's body: an HTTP
 * failure says its status line and the vendor's error code only.
 */
export function modelError(
  model: Pick<ResolvedModel, 'providerName' | 'providerSlug' | 'modelId'>,
  failure: ModelFailure,
  secrets: readonly (string | null | undefined)[],
): ApiError {
  const detail =
    failure.kind === 'http'
      ? statusLine(failure.status ?? 0, cleanCode(failure.detail, secrets))
      : scrub(failure.detail ?? '', secrets);
  const who = `AI provider "${scrub(model.providerName, secrets)}" (${model.providerSlug}), model "${scrub(model.modelId, secrets)}"`;
  return new ApiError(502, 'model_error', `${who}: ${describe(failure, detail)}`);
}
