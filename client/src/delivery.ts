import type { Client } from 'openapi-fetch';
import { AtriumApiError, unwrap } from './errors.ts';
import type { components, paths } from './generated/openapi.ts';
import type { RetryPolicy } from './retry.ts';
import type { TurnDocument } from './turn-patch.ts';

export type RunSnapshot = components['schemas']['RunSnapshot'];
export type Message = components['schemas']['Message'];

/** A delivered run: its snapshot (`GET /v1/threads/:id/runs/:runId`) and that snapshot's output message. */
export interface Delivery {
  run: RunSnapshot;
  message: Message;
}

export interface DeliveryDeps {
  api: Client<paths>;
  streamTurn(threadId: string, runId: string, opts: { signal?: AbortSignal }): AsyncIterable<TurnDocument>;
  sleep: RetryPolicy['sleep'];
}

const DEFAULT_POLL_MS = 1000;

const TERMINAL_RUN_STATUSES: readonly string[] = ['completed', 'failed', 'cancelled'];

/** The spec's delivery predicate: a terminal status, an output message id and a readable output message. */
function deliveryOf(run: RunSnapshot): Delivery | null {
  const { outputMessageId, outputMessage } = run;
  const delivered = TERMINAL_RUN_STATUSES.includes(run.run.status) && outputMessageId != null && outputMessage != null;
  return delivered ? { run, message: outputMessage } : null;
}

/**
 * An error worth waiting out (the connection, the server, its rate limit); credential, permission and
 * not-found answers are final.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof AtriumApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Runs `step`; a transient failure gives `fallback`, anything else (an abort included) is thrown. */
async function unlessTransient<T>(step: () => Promise<T>, fallback: T, signal?: AbortSignal): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (signal?.aborted || !isTransient(error)) throw error;
    return fallback;
  }
}

/** Reads documents until the stream ends, which it does at the run's end. */
async function followToEnd(documents: AsyncIterable<TurnDocument>): Promise<true> {
  for await (const _ of documents);
  return true;
}

async function readSnapshot(api: Client<paths>, threadId: string, runId: string, signal?: AbortSignal) {
  return unwrap(await api.GET('/v1/threads/{id}/runs/{runId}', { params: { path: { id: threadId, runId } }, signal }));
}

/**
 * Waits until the run is delivered, as the spec's "Durable delivery contract" says: a terminal frame alone is
 * not delivery. Follows the turn stream until it ends (or fails), then reads the snapshot; until the predicate
 * holds it polls every `pollMs`, reopening the stream first while it has not ended at the run's end.
 */
export async function awaitDelivery(
  deps: DeliveryDeps,
  threadId: string,
  runId: string,
  opts: { signal?: AbortSignal; pollMs?: number } = {},
): Promise<Delivery> {
  const { signal, pollMs = DEFAULT_POLL_MS } = opts;
  let streamEnded = false;
  for (;;) {
    if (!streamEnded)
      streamEnded = await unlessTransient(
        () => followToEnd(deps.streamTurn(threadId, runId, { signal })),
        false,
        signal,
      );
    const snapshot = await unlessTransient(() => readSnapshot(deps.api, threadId, runId, signal), null, signal);
    const delivery = snapshot && deliveryOf(snapshot);
    if (delivery) return delivery;
    await deps.sleep(pollMs, signal);
  }
}
