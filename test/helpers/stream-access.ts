import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { Client } from './http.ts';
import { awaiting, postAndRun, waitForRun } from './runs.ts';
import { openSse, type SseConnection, type SseFrame } from './sse-client.ts';

/**
 * Helpers of the stream hardening tests (credential re-checks, the per-principal stream cap): runs that stay in
 * flight, streams opened with a given credential, and what a stream wrote once the server ended it.
 */
export type StreamKind = 'events' | 'turn';
export interface RunIds {
  threadId: string;
  runId: string;
}

/** A run waiting on a clarification: in flight for as long as nobody answers (see `answer`). */
export async function awaitingRun(http: Client, thread: Record<string, unknown> = {}): Promise<RunIds> {
  const created = await http.post('/v1/threads', thread);
  expect(created.status, created.text).toBe(201);
  const { run } = await postAndRun(http, created.body.id, '/tool ask_user {"prompt":"Which city?"}');
  await waitForRun(http, created.body.id, run.id, awaiting);
  return { threadId: created.body.id, runId: run.id };
}

/** Answers the clarification; the run then completes. */
export async function answer(http: Client, ids: RunIds): Promise<void> {
  const res = await http.post(`/v1/threads/${ids.threadId}/runs/${ids.runId}/resume`, { answer: 'Lisbon' });
  expect(res.status, res.text).toBe(202);
}

export const streamUrl = (app: TestApp, ids: RunIds, kind: StreamKind) =>
  `${app.url}/v1/threads/${ids.threadId}/runs/${ids.runId}/${kind}`;

/** Opens a stream with `credential` and reads its first frame, so it is known to be live. */
export async function openLive(app: TestApp, credential: string, ids: RunIds, kind: StreamKind) {
  const conn = await openSse(streamUrl(app, ids, kind), { headers: { authorization: `Bearer ${credential}` } });
  expect(conn.status, JSON.stringify(conn.body)).toBe(200);
  const first = await conn.nextEvent();
  expect(first?.event).toBe(kind === 'events' ? 'snapshot' : 'turn.snapshot');
  return conn;
}

/** Every frame after the first, once the server ended the stream; none may break the wire format. */
export async function framesUntilEnd(conn: SseConnection): Promise<SseFrame[]> {
  const frames = await conn.rest();
  expect(frames.filter((f) => f.kind === 'invalid')).toEqual([]);
  return frames;
}

export const eventNames = (frames: SseFrame[]) => frames.flatMap((f) => (f.kind === 'event' ? [f.event] : []));

const TERMINAL = ['completed', 'failed', 'cancelled'];

/** Whether a stream delivered its run's end: `lifecycle.<terminal>` on /events, a terminal status patch on /turn. */
export function deliveredTerminal(frames: SseFrame[]): boolean {
  return frames.some(
    (f) =>
      f.kind === 'event' &&
      ((f.event.startsWith('lifecycle.') && TERMINAL.includes(f.event.slice('lifecycle.'.length))) ||
        (f.event === 'turn.patch' && f.json.ops.some((op: any) => op.p === '/status' && TERMINAL.includes(op.v)))),
  );
}

/** Asserts the stream ended on the comment `text`, without delivering the run's end. */
export async function expectEndedWith(conn: SseConnection, text: string): Promise<SseFrame[]> {
  const frames = await framesUntilEnd(conn);
  expect(frames.at(-1)).toEqual({ kind: 'comment', text, raw: `: ${text}\n\n` });
  expect(deliveredTerminal(frames)).toBe(false);
  return frames;
}
