import { expect } from 'vitest';
import { applyPatch, type TurnDocument, type TurnPatch } from '../../src/modules/runs/streaming/turn-patch.ts';
import type { SseConnection, SseFrame } from './sse-client.ts';

/**
 * Reading a live run stream the way a client does, up to a point: the `/events` frames until one of a name, the
 * `/turn` patches applied (a gap throws) until the document reaches a state. Either also stops where the server
 * closes the stream.
 */
export type EventFrame = Extract<SseFrame, { kind: 'event' }>;

/** `/events` frames up to and with the first named `name` (every frame to the end when none is). */
export async function eventsUntil(conn: SseConnection, name?: string): Promise<EventFrame[]> {
  const frames: EventFrame[] = [];
  for (let frame = await conn.nextEvent(); frame; frame = await conn.nextEvent()) {
    frames.push(frame);
    if (frame.event === name) break;
  }
  return frames;
}

/** Applies `/turn` frames to `doc` until `reached(doc)` holds (or the stream ends); the patches applied, in order. */
export async function turnUntil(
  conn: SseConnection,
  doc: TurnDocument,
  reached: (doc: TurnDocument) => boolean = () => false,
): Promise<{ doc: TurnDocument; patches: TurnPatch[] }> {
  const patches: TurnPatch[] = [];
  while (!reached(doc)) {
    const frame = await conn.nextEvent();
    if (!frame) break;
    if (frame.event === 'turn.patch') {
      doc = applyPatch(doc, frame.json);
      patches.push(frame.json);
    } else expect(frame.event).toBe('turn.live');
  }
  return { doc, patches };
}
