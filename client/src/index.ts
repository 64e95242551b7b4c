/**
 * @atrium/client: every operation of the Atrium API, typed from the server's own `/openapi.json`, plus the turn
 * stream and the delivery contract on top.
 */
import type { Client } from 'openapi-fetch';
import createClient from 'openapi-fetch';
import { awaitDelivery, type Delivery } from './delivery.ts';
import type { paths } from './generated/openapi.ts';
import { DEFAULT_ATTEMPTS, DEFAULT_BASE_DELAY_MS, type RetryPolicy, sleep } from './retry.ts';
import { createTransport } from './transport.ts';
import type { TurnDocument } from './turn-patch.ts';
import { streamTurn } from './turn-stream.ts';

export type { Delivery, Message, RunSnapshot } from './delivery.ts';
export { AtriumApiError, type ErrorCode, unwrap } from './errors.ts';
export type { components, paths } from './generated/openapi.ts';
export * from './turn-patch.ts';

export interface AtriumClientOptions {
  /** Origin (and path prefix) of the API; default '' (same origin, for the browser). */
  baseUrl?: string;
  /** Bearer credential (API key or session JWT), or a function read before every request; omitted in web mode. */
  token?: string | (() => string | null);
  /**
   * Browser session mode: sends `X-Atrium-Web: 1` and credentials 'same-origin' (the session is an HttpOnly
   * cookie).
   */
  web?: boolean;
  fetch?: typeof fetch;
  /**
   * Retries of idempotent calls (GET, HEAD, PUT, DELETE, OPTIONS) on 502, 503, 429 with Retry-After and network
   * errors: `attempts` in all (default 3), exponential backoff with jitter from `baseDelayMs` (default 250), or
   * the server's Retry-After. `sleep` is where every wait goes (tests pass one that returns at once).
   */
  retry?: { attempts?: number; baseDelayMs?: number; sleep?: (ms: number, signal?: AbortSignal) => Promise<void> };
  /** Called on any 401 answer (the web app signs out). */
  onUnauthorized?: () => void;
}

export interface AtriumClient {
  /** Every operation, typed: `client.api.GET('/v1/threads', { params: { query: { limit: 20 } } })`. */
  api: Client<paths>;
  /**
   * The run as turn documents, patched live; reconnects and re-bases, never yields a repeat or a step back; ends
   * after the terminal document, or quietly when `signal` aborts.
   */
  streamTurn(threadId: string, runId: string, opts?: { signal?: AbortSignal }): AsyncIterable<TurnDocument>;
  /** Resolves once the run is delivered (terminal, with its output message), streaming then polling. */
  awaitDelivery(threadId: string, runId: string, opts?: { signal?: AbortSignal; pollMs?: number }): Promise<Delivery>;
}

export function createAtriumClient(options: AtriumClientOptions = {}): AtriumClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const policy: RetryPolicy = {
    attempts: options.retry?.attempts ?? DEFAULT_ATTEMPTS,
    baseDelayMs: options.retry?.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
    sleep: options.retry?.sleep ?? sleep,
  };
  const transport = createTransport(options, policy);
  const api = createClient<paths>({ baseUrl, fetch: transport });
  const turns = (threadId: string, runId: string, opts: { signal?: AbortSignal } = {}) =>
    streamTurn({ baseUrl, transport, policy }, threadId, runId, opts.signal);
  return {
    api,
    streamTurn: turns,
    awaitDelivery: (threadId, runId, opts) =>
      awaitDelivery({ api, streamTurn: turns, sleep: policy.sleep }, threadId, runId, opts),
  };
}
