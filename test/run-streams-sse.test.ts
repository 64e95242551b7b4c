import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRedisEventBus } from '../src/platform/events/index.ts';
import { sseData, sseFrame } from '../src/platform/http/sse.ts';
import { eventually } from './helpers/assertions.ts';
import { openSse } from './helpers/sse-client.ts';
import { auth, KEY_A, startStreamApp } from './helpers/stream-app.ts';

const streams = ['events', 'turn'] as const;
const firstFrame = { events: 'snapshot', turn: 'turn.snapshot' };

describe('SSE writer', () => {
  it('formats frames on single lines, escaping U+2028 and U+2029', () => {
    expect(sseFrame('a.b', { text: 'x\ny\r\u2028\u2029' })).toBe(
      'event: a.b\ndata: {"text":"x\\ny\\r\\u2028\\u2029"}\n\n',
    );
    expect(sseFrame('evil\nevent: x', {})).toBe('event: evilevent: x\ndata: {}\n\n');
    expect(sseData(undefined)).toBe('{}');
    expect(JSON.parse(sseData({ s: '\u2028' }))).toEqual({ s: '\u2028' });
  });

  it.each(streams)('/%s sends a keepalive comment at the configured interval', async (stream) => {
    const s = await startStreamApp({ sse: { keepaliveMs: 20 } });
    try {
      const run = s.run();
      const conn = await openSse(s.path(run, stream), auth());
      expect((await conn.next())?.kind === 'event').toBe(true);
      for (let i = 0; i < 2; i++) expect((await conn.next())?.raw).toBe(': keepalive\n\n');
      conn.close();
    } finally {
      await s.close();
    }
  });

  it.each(streams)('/%s writes `: stream-timeout` at its maximum lifetime and closes', async (stream) => {
    const s = await startStreamApp({ sse: { maxLifetimeMs: 50 } });
    try {
      const run = s.run();
      const conn = await openSse(s.path(run, stream), auth());
      const frames = await conn.rest();
      expect(frames.map((f) => (f.kind === 'event' ? f.event : f.raw))).toEqual([
        firstFrame[stream],
        ': stream-timeout\n\n',
      ]);
      await eventually(() => expect(s.bus.listenerCount(run.id)).toBe(0));
      expect(s.hub.size).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('drops a client that does not read once its buffer passes the bound', async () => {
    const s = await startStreamApp({ sse: { maxBufferedBytes: 64 * 1024 } });
    try {
      const run = s.run();
      const { port } = new URL(s.url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `GET /v1/threads/${run.threadId}/runs/${run.id}/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_A}\r\n\r\n`,
      );
      socket.pause();
      await eventually(() => expect(s.hub.size).toBe(1));
      const chunk = 'x'.repeat(1024 * 1024);
      for (let i = 0; i < 300 && s.bus.listenerCount(run.id) > 0; i++) {
        await run.emit('updates', 'activity', { chunk });
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(s.bus.listenerCount(run.id)).toBe(0);
      expect(s.hub.size).toBe(0);
      socket.destroy();
    } finally {
      await s.close();
    }
  });

  it('closes open streams when the server shuts down instead of waiting for their lifetime', async () => {
    const s = await startStreamApp({ sse: { maxLifetimeMs: 3_600_000 } });
    const run = s.run();
    const events = await openSse(s.path(run, 'events'), auth());
    const turn = await openSse(s.path(run, 'turn'), auth());
    await events.nextEvent();
    await turn.nextEvent();
    expect(s.hub.size).toBe(2);
    await s.close();
    await events.ended;
    await turn.ended;
    expect(events.frames.at(-1)?.raw).toBe(': shutdown\n\n');
    expect(turn.frames.at(-1)?.raw).toBe(': shutdown\n\n');
    expect(s.bus.listenerCount(run.id)).toBe(0);
  });

  it('answers 503 in JSON when the event transport cannot subscribe', async () => {
    const bus = createRedisEventBus({ url: 'redis://127.0.0.1:1', subscribeTimeoutMs: 50 });
    const s = await startStreamApp({ bus });
    try {
      const run = s.run();
      const conn = await openSse(s.path(run, 'events'), auth());
      expect(conn.status).toBe(503);
      expect(conn.body).toMatchObject({ code: 'events_unavailable' });
      expect(bus.listenerCount(run.id)).toBe(0);
      expect(s.reader.reads).toBe(0);
    } finally {
      await s.close();
    }
  });
});
