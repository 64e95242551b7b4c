import { AtriumApiError } from './errors.ts';
import { backoffMs, type RetryPolicy } from './retry.ts';
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
 * `GET …/runs/:runId/turn` as an async iterator of turn documents. A gap in `v` or a dropped connection reopens
 * the stream (with backoff) and re-bases on its new snapshot; documents that repeat or step back behind what was
 * already yielded are skipped until the stream catches up. Ends once a terminal document was yielded and the
 * connection closed, or quietly when `signal` aborts; an HTTP error before the stream throws AtriumApiError
 * (502, 503 and 429 with Retry-After are retried first).
 */
export async function* streamTurn(
  deps: TurnStreamDeps,
  threadId: string,
  runId: string,
  signal?: AbortSignal,
): AsyncGenerator<TurnDocument, void, undefined> {
  const url = `${deps.baseUrl}/v1/threads/${encodeURIComponent(threadId)}/runs/${encodeURIComponent(runId)}/turn`;
  const shown: Shown = { doc: null };
  // Connections in a row that closed before their snapshot: a stream that never starts is given up on.
  let empty = 0;
  try {
    for (;;) {
      const response = await deps.transport(new Request(url, { headers: { accept: 'text/event-stream' }, signal }));
      if (!response.ok) throw await AtriumApiError.from(response);
      const end = response.body ? yield* followConnection(response.body, shown) : 'empty';
      if (end === 'finished') return;
      empty = end === 'empty' ? empty + 1 : 0;
      if (empty >= deps.policy.attempts)
        throw new Error(`The turn stream of run ${runId} closed ${empty} times in a row before its snapshot`);
      await deps.policy.sleep(backoffMs(deps.policy, empty + 1), signal);
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
}
