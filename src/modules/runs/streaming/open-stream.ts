import type { FastifyReply, FastifyRequest } from 'fastify';
import { contextOf } from '../../../platform/auth/guard.ts';
import type { EventBus, RunEvent } from '../../../platform/events/types.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import type { SseHub, SseStream } from '../../../platform/http/sse.ts';
import { isTerminalStatus, type RunSnapshot, type RunSnapshotReader } from './types.ts';

/** What a stream writes: its first frame(s) from the snapshot, then one reaction per event (it may close). */
export interface RunStreamWriter {
  start(stream: SseStream): void;
  event(stream: SseStream, event: RunEvent): void;
}

export interface RunStreamDeps {
  reader: RunSnapshotReader;
  bus: EventBus;
  hub: SseHub;
}

/** Events held while the snapshot is read; past this a client would be better served by reconnecting. */
const MAX_BUFFERED_EVENTS = 10_000;
/** The comment written before closing a stream that may have missed events (the client reopens it). */
export const RECONNECT_COMMENT = 'reconnect';

/**
 * The order that makes "snapshot first, then everything after it" hold without a replay log:
 * 1. subscribe and buffer (and wait until the transport confirms the subscription);
 * 2. read the snapshot: a 404 or any other failure is a plain JSON error, nothing is streamed yet;
 * 3. take over the response, write the snapshot, then the buffered events, then live ones.
 * An event published before the snapshot was read is both in it and in the buffer: writers drop or
 * re-apply such events idempotently. A run already finished gets its snapshot and the stream closes.
 */
export async function serveRunStream(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: RunStreamDeps,
  ids: { threadId: string; runId: string },
  writerFor: (snapshot: RunSnapshot) => RunStreamWriter,
): Promise<void> {
  const ctx = contextOf(request);
  const buffered: RunEvent[] = [];
  let overflow = false;
  let lost = false;
  let live: ((event: RunEvent) => void) | null = null;
  let stream: SseStream | null = null;

  const subscription = deps.bus.subscribe(
    ids.runId,
    (event) => {
      if (live) live(event);
      else if (buffered.length < MAX_BUFFERED_EVENTS) buffered.push(event);
      else overflow = true;
    },
    {
      onLost: () => {
        lost = true;
        stream?.close('done', RECONNECT_COMMENT);
      },
    },
  );

  let snapshot: RunSnapshot;
  try {
    await subscription.ready.catch(() => {
      throw new ApiError(503, 'events_unavailable', 'Live events are unavailable right now; retry shortly');
    });
    snapshot = await deps.reader.snapshot(ctx, ids.threadId, ids.runId);
  } catch (err) {
    subscription();
    throw err;
  }

  if (reply.raw.destroyed || request.raw.socket?.destroyed) {
    // The client left while the snapshot was read.
    subscription();
    reply.hijack();
    return;
  }
  let opened: SseStream;
  try {
    opened = deps.hub.open(request, reply);
  } catch (err) {
    subscription();
    throw err;
  }
  stream = opened;
  opened.onClose(() => subscription());

  const writer = writerFor(snapshot);
  writer.start(opened);
  if (isTerminalStatus(snapshot.run.status)) {
    opened.close('done');
    return;
  }
  if (lost || overflow) {
    opened.close('done', RECONNECT_COMMENT);
    return;
  }
  for (const event of buffered.splice(0)) {
    if (opened.closed) return;
    writer.event(opened, event);
  }
  if (!opened.closed) live = (event) => opened.closed || writer.event(opened, event);
}
