import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../../platform/auth/actor.ts';
import { contextOf } from '../../../platform/auth/guard.ts';
import type { EventBus, RunEvent } from '../../../platform/events/types.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import type { SseHub, SseStream } from '../../../platform/http/sse.ts';
import { type StreamAccess, watchAccess } from './access-watch.ts';
import {
  isTerminalStatus,
  RECONNECT_COMMENT,
  type RunSnapshot,
  type RunSnapshotReader,
  type RunStreamWriter,
} from './types.ts';

export interface RunStreamDeps {
  reader: RunSnapshotReader;
  bus: EventBus;
  hub: SseHub;
  /** Re-checks the caller while a stream is open. */
  access: StreamAccess;
}

/** Events held while the snapshot is read; past this a client would be better served by reconnecting. */
const MAX_BUFFERED_EVENTS = 10_000;

/** The stream cap counts a principal's streams together, whichever of its sessions or keys opened them. */
const principalOf = (actor: Actor) =>
  actor.kind === 'user' ? `user:${actor.userId}` : `service_account:${actor.serviceAccountId}`;

/**
 * Serves one stream in one of its caller's stream slots (429 `rate_limited` when all are taken, before any work);
 * the slot is freed when the stream closes, however it closes, or when it never opens.
 */
export async function serveRunStream(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: RunStreamDeps,
  ids: { threadId: string; runId: string },
  writerFor: (snapshot: RunSnapshot) => RunStreamWriter,
): Promise<void> {
  const release = deps.hub.claim(principalOf(contextOf(request).actor));
  let stream: SseStream | null;
  try {
    stream = await openRunStream(request, reply, deps, ids, writerFor);
  } catch (err) {
    release();
    throw err;
  }
  if (stream) stream.onClose(release);
  else release();
}

/**
 * The order that makes "snapshot first, then everything after it" hold without a replay log:
 * 1. subscribe and buffer (and wait until the transport confirms the subscription);
 * 2. read the snapshot: a 404 or any other failure is a plain JSON error, nothing is streamed yet;
 * 3. take over the response, write the snapshot, then the buffered events, then live ones.
 * An event published before the snapshot was read is both in it and in the buffer: writers drop or
 * re-apply such events idempotently. A run already finished gets its snapshot and the stream closes.
 */
async function openRunStream(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: RunStreamDeps,
  ids: { threadId: string; runId: string },
  writerFor: (snapshot: RunSnapshot) => RunStreamWriter,
): Promise<SseStream | null> {
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
    return null;
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

  const writer = watchAccess(request, opened, ids, deps.access, writerFor(snapshot));
  writer.start(opened);
  if (isTerminalStatus(snapshot.run.status)) {
    opened.close('done');
    return opened;
  }
  if (lost || overflow) {
    opened.close('done', RECONNECT_COMMENT);
    return opened;
  }
  for (const event of buffered.splice(0)) {
    if (opened.closed) return opened;
    writer.event(opened, event);
  }
  if (!opened.closed) live = (event) => opened.closed || writer.event(opened, event);
  return opened;
}
