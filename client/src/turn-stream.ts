import { AtriumApiError } from './errors.ts';
import { backoffMs, isNetworkError, type RetryPolicy } from './retry.ts';
import { readSseEvents, SseConnectionLost } from './sse.ts';
import type { Transport } from './transport.ts';
import { applyPatch, type TurnDocument, TurnGapError, type TurnPatch } from './turn-patch.ts';
import { isTerminalTurn, movesForward } from './turn-progress.ts';

export interface TurnStreamDeps {
  baseUrl: string;
  transport: Transport;
  policy: RetryPolicy;
}

/** How one connection ended: at the run's end, dropped after its snapshot, or closed before any. */
type ConnectionEnd = 'finished' | 'dropped' | 'empty';

/** What the iterator has yielded so far, shared by its connections. */
interface Shown {
  doc: TurnDocument | null;
}

/**
 * Reads one connection: applies its snapshot and patches, yields each document that moves past what was shown.
 * A gap in `v` stops reading (the body is cancelled, closing the connection), like a lost connection does.
 */
async function* followConnection(
  body: ReadableStream<Uint8Array>,
  shown: Shown,
): AsyncGenerator<TurnDocument, ConnectionEnd, undefined> {
  let doc: TurnDocument | null = null;
  try {
    for await (const { event, data } of readSseEvents(body)) {
      if (event === 'turn.snapshot') doc = JSON.parse(data) as TurnDocument;
      else if (event === 'turn.patch') doc = applyPatch(doc, JSON.parse(data) as TurnPatch);
      else continue; // turn.live only says the run is alive; events this client does not know change nothing.
      if (movesForward(shown.doc, doc)) {
        shown.doc = doc;
        yield doc;
      }
    }
  } catch (error) {
    if (!(error instanceof TurnGapError) && !(error instanceof SseConnectionLost)) throw error;
  }
  if (!doc) return 'empty';
  return isTerminalTurn(doc) ? 'finished' : 'dropped';
}

/**
 * Once the stream has shown its run, it rides out an outage (a restarting server, a network that comes and goes)
 * this many failed connections in a row, about half a minute with the capped backoff, before it gives up.
 */
const RECONNECTS_AFTER_SHOWN = 10;
const MAX_RECONNECT_DELAY_MS = 4_000;

/** A failure a later connection may not meet: no response at all, a failing gateway, a server not ready. */
const isPassing = (error: unknown) =>
  isNetworkError(error) || (error instanceof AtriumApiError && (error.status === 502 || error.status === 503));

/**
 * `GET …/runs/:runId/turn` as an async iterator of turn documents. A gap in `v` or a dropped connection reopens
 * the stream (with backoff) and re-bases on its new snapshot; documents that repeat or step back behind what was
 * already yielded are skipped until the stream catches up. Once a document was shown, connections that fail
 * (no response, 502, 503, closed before a snapshot) are retried too, up to RECONNECTS_AFTER_SHOWN in a row. Ends
 * once a terminal document was yielded and the connection closed, or quietly when `signal` aborts; an HTTP error
 * before anything was shown throws AtriumApiError (502, 503 and 429 with Retry-After are retried first).
 */
export async function* streamTurn(
  deps: TurnStreamDeps,
  threadId: string,
  runId: string,
  signal?: AbortSignal,
): AsyncGenerator<TurnDocument, void, undefined> {
  const url = `${deps.baseUrl}/v1/threads/${encodeURIComponent(threadId)}/runs/${encodeURIComponent(runId)}/turn`;
  const shown: Shown = { doc: null };
  // Connections in a row that ended without a snapshot.
  let failures = 0;
  try {
    for (;;) {
      let end: ConnectionEnd | 'failed';
      try {
        const response = await deps.transport(new Request(url, { headers: { accept: 'text/event-stream' }, signal }));
        if (!response.ok) throw await AtriumApiError.from(response);
        end = response.body ? yield* followConnection(response.body, shown) : 'empty';
      } catch (error) {
        if (!shown.doc || signal?.aborted || !isPassing(error)) throw error;
        end = 'failed';
      }
      if (end === 'finished') return;
      failures = end === 'dropped' ? 0 : failures + 1;
      if (failures >= (shown.doc ? RECONNECTS_AFTER_SHOWN : deps.policy.attempts)) {
        throw new Error(`The turn stream of run ${runId} failed ${failures} times in a row before a snapshot`);
      }
      await deps.policy.sleep(Math.min(backoffMs(deps.policy, failures + 1), MAX_RECONNECT_DELAY_MS), signal);
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
}
