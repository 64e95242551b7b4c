import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.ts';
import { eventually } from './helpers/assertions.ts';
import { openSse, type SseConnection } from './helpers/sse-client.ts';
import { auth, KEY_B, KEY_BLOCKED, ORG_B, type StreamApp, startStreamApp } from './helpers/stream-app.ts';

let s: StreamApp;
beforeAll(async () => {
  s = await startStreamApp();
});
afterAll(async () => {
  await s.close();
});

const frameOf = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

async function expectNoListeners(runId: string) {
  await eventually(() => expect(s.bus.listenerCount(runId)).toBe(0));
}

describe('GET /v1/threads/:threadId/runs/:runId/events', () => {
  it('writes the snapshot first, then envelopes, byte for byte, with the SSE headers', async () => {
    const run = s.run({ partialText: 'Hi' });
    const conn = await openSse(s.path(run, 'events'), auth());
    expect(conn.status).toBe(200);
    expect(conn.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(conn.headers['cache-control']).toBe('no-cache');
    expect(conn.headers['x-accel-buffering']).toBe('no');
    expect(conn.headers['x-request-id']).toMatch(/^[\w.-]+$/);

    const snapshot = await conn.next();
    expect(snapshot).toMatchObject({ kind: 'event', event: 'snapshot' });
    expect(snapshot?.raw).toBe(frameOf('snapshot', run.state));

    await run.emit(
      'updates',
      'activity',
      { status: 'started', note: 'line\nbreak \u2028 sep \u2029' },
      { actId: 'a1' },
    );
    const frame = await conn.next();
    expect(frame?.kind).toBe('event');
    if (frame?.kind !== 'event') return;
    expect(frame.event).toBe('updates.activity');
    expect(frame.raw).toBe(`event: updates.activity\ndata: ${frame.data}\n\n`);
    expect(frame.data).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(frame.data).toContain('\\u2028');
    expect(frame.json).toEqual({
      channel: 'updates',
      type: 'activity',
      actId: 'a1',
      payload: { status: 'started', note: 'line\nbreak \u2028 sep \u2029' },
      ts: expect.any(Number),
    });
    expect(Math.abs(frame.json.ts - Date.now() / 1000)).toBeLessThan(3600);
    conn.close();
    await expectNoListeners(run.id);
  });

  it('sends events published while the snapshot was built after it, in publish order', async () => {
    const run = s.run();
    s.reader.beforeRead = async (r) => {
      await r.emit('lifecycle', 'started', {}, { persist: (st) => (st.run.status = 'running') });
      await r.emit('acts', 'updated', { acts: [] });
    };
    s.reader.afterRead = async (r) => {
      await r.emit('updates', 'narration', { text: 'Looking' });
    };
    try {
      const conn = await openSse(s.path(run, 'events'), auth());
      const names: string[] = [];
      for (let i = 0; i < 4; i++) names.push((await conn.nextEvent())?.event ?? 'end');
      expect(names).toEqual(['snapshot', 'lifecycle.started', 'acts.updated', 'updates.narration']);
      await run.emit('updates', 'narration', { text: 'live' });
      expect((await conn.nextEvent())?.json.payload).toEqual({ text: 'live' });
      conn.close();
    } finally {
      s.reader.beforeRead = null;
      s.reader.afterRead = null;
    }
  });

  it('keeps the events of each act in order while acts interleave', async () => {
    const run = s.run();
    const conn = await openSse(s.path(run, 'events'), auth());
    expect((await conn.nextEvent())?.event).toBe('snapshot');
    const sends: Promise<void>[] = [];
    for (let i = 0; i < 40; i++) {
      const actId = i % 2 === 0 ? 'act-a' : 'act-b';
      sends.push(run.emit('updates', 'activity', { seq: i }, { actId }));
    }
    await Promise.all(sends);
    const seen: Record<string, number[]> = { 'act-a': [], 'act-b': [] };
    for (let i = 0; i < 40; i++) {
      const frame = await conn.nextEvent();
      seen[frame?.json.actId]?.push(frame?.json.payload.seq);
    }
    expect(seen['act-a']).toEqual([...Array(20).keys()].map((k) => k * 2));
    expect(seen['act-b']).toEqual([...Array(20).keys()].map((k) => k * 2 + 1));
    conn.close();
  });

  it('writes the terminal event and closes, unsubscribing', async () => {
    const run = s.run();
    const conn = await openSse(s.path(run, 'events'), auth());
    await conn.nextEvent();
    await run.emit('lifecycle', 'completed', {}, { persist: (st) => (st.run.status = 'completed') });
    const rest = await conn.rest();
    expect(rest.map((f) => (f.kind === 'event' ? f.event : f.kind))).toEqual(['lifecycle.completed']);
    await conn.ended;
    await expectNoListeners(run.id);
    expect(s.hub.size).toBe(0);
  });

  it.each(['completed', 'failed', 'cancelled'] as const)(
    'a run already %s gets its snapshot, then the stream closes',
    async (status) => {
      const run = s.run({ status });
      const conn = await openSse(s.path(run, 'events'), auth());
      const frames = await conn.rest();
      expect(frames.map((f) => f.raw)).toEqual([frameOf('snapshot', run.state)]);
      await expectNoListeners(run.id);
    },
  );

  it('drops buffered token deltas the snapshot holds and cuts overlapping ones to their tail', async () => {
    const run = s.run({ partialText: 'Hel' });
    s.reader.beforeRead = async (r) => {
      await r.delta('lo'); // persisted before the read: in the snapshot, so dropped
    };
    s.reader.afterRead = async (r) => {
      // A repeated delivery overlapping the snapshot's draft ("lo" is there, " wo" is not).
      await r.emit('tokens', 'delta', { text: 'lo wo', offset: 3 }, { persist: (st) => (st.partialText = 'Hello wo') });
    };
    try {
      const conn = await openSse(s.path(run, 'events'), auth());
      const snapshot = await conn.nextEvent();
      expect(snapshot?.json.partialText).toBe('Hello');
      const overlap = await conn.nextEvent();
      expect(overlap?.json).toMatchObject({ channel: 'tokens', type: 'delta', payload: { text: ' wo', offset: 5 } });
      await run.delta('rld');
      const live = await conn.nextEvent();
      expect(live?.json.payload).toEqual({ text: 'rld', offset: 8 });
      expect(snapshot?.json.partialText + overlap?.json.payload.text + live?.json.payload.text).toBe('Hello world');
      await run.emit('tokens', 'completed');
      expect((await conn.nextEvent())?.event).toBe('tokens.completed');
      conn.close();
    } finally {
      s.reader.beforeRead = null;
      s.reader.afterRead = null;
    }
  });

  it('closes with a reconnect comment when token deltas were lost', async () => {
    const run = s.run({ partialText: 'abc' });
    const conn = await openSse(s.path(run, 'events'), auth());
    await conn.nextEvent();
    await run.emit('tokens', 'delta', { text: 'xyz', offset: 10 });
    expect((await conn.rest()).map((f) => f.raw)).toEqual([': reconnect\n\n']);
    await expectNoListeners(run.id);
  });

  it('answers 404 in JSON before any frame for a run the caller cannot see, and leaks no listener', async () => {
    const mine = s.run();
    const theirs = s.run({ organizationId: ORG_B });
    const cases = [
      `${s.url}/v1/threads/${mine.threadId}/runs/${newId()}/events`,
      `${s.url}/v1/threads/${newId()}/runs/${mine.id}/events`,
      s.path(theirs, 'events'),
      `${s.url}/v1/threads/not-a-uuid/runs/${mine.id}/events`,
    ];
    for (const url of cases) {
      const conn = await openSse(url, auth());
      expect(conn.status).toBe(404);
      expect(conn.headers['content-type']).toContain('application/json');
      expect(conn.body).toEqual({
        error: expect.any(String),
        code: 'not_found',
        request_id: conn.headers['x-request-id'],
      });
    }
    const owner = await openSse(s.path(theirs, 'events'), auth(KEY_B));
    expect(owner.status).toBe(200);
    owner.close();
    await expectNoListeners(mine.id);
    await expectNoListeners(theirs.id);
  });

  it('answers 401 without a valid credential and 403 for a suspended organization', async () => {
    const run = s.run();
    const none = await openSse(s.path(run, 'events'));
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('unauthorized');
    const wrong = await openSse(s.path(run, 'events'), auth('not-a-known-key'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_credentials');
    const blocked = await openSse(s.path(run, 'events'), auth(KEY_BLOCKED));
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('org_suspended');
    expect(s.bus.listenerCount(run.id)).toBe(0);
  });

  it('unsubscribes when the client goes away, also while the snapshot is being read', async () => {
    const run = s.run();
    const conns: SseConnection[] = [];
    for (let i = 0; i < 3; i++) {
      const conn = await openSse(s.path(run, 'events'), auth());
      await conn.nextEvent();
      conns.push(conn);
    }
    expect(s.bus.listenerCount(run.id)).toBe(3);
    for (const conn of conns) conn.close();
    await expectNoListeners(run.id);
    await eventually(() => expect(s.hub.size).toBe(0));

    let leave: (() => void) | null = null;
    const reading = new Promise<void>((resolve) => {
      s.reader.beforeRead = () => {
        resolve();
        return new Promise<void>((release) => {
          leave = release;
        });
      };
    });
    try {
      const abort = new AbortController();
      const pending = openSse(s.path(run, 'events'), { ...auth(), signal: abort.signal });
      pending.catch(() => {});
      await reading;
      expect(s.bus.listenerCount(run.id)).toBe(1);
      // The client gives up before any byte arrives; the server must not leak its subscription.
      abort.abort();
      await expect(pending).rejects.toThrow();
      await eventually(() => expect(leave).not.toBeNull());
      (leave as unknown as () => void)();
      await expectNoListeners(run.id);
      expect(s.hub.size).toBe(0);
    } finally {
      s.reader.beforeRead = null;
    }
  });
});
