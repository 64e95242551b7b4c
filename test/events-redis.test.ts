import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisEventBus, type EventBus, type RunEvent, runEvent } from '../src/platform/events/index.ts';
import { newId } from '../src/platform/ids.ts';
import { eventually } from './helpers/assertions.ts';
import { openSse } from './helpers/sse-client.ts';
import { auth, startStreamApp } from './helpers/stream-app.ts';

/**
 * Always runs: against REDIS_URL when set, else the Redis every machine of this project has on 127.0.0.1:6379
 * (a skipped test would pass as green).
 * Every test uses its own channel prefix and connection names, so runs sharing one Redis do not meet.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('Redis event bus', () => {
  const url = REDIS_URL;
  let admin: Redis;
  const buses: EventBus[] = [];
  const bus = (prefix: string, connectionName = `atrium-test-${newId()}`) => {
    const created = createRedisEventBus({ url, channelPrefix: prefix, connectionName });
    buses.push(created);
    return created;
  };
  const numsub = async (channel: string) => ((await admin.pubsub('NUMSUB', channel)) as [string, number])[1];
  const clientsNamed = async (name: string) =>
    String(await admin.client('LIST'))
      .split('\n')
      .filter((line) => line.split(' ').includes(`name=${name}`))
      .map((line) => /(?:^| )id=(\d+)/.exec(line)?.[1] as string);

  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await admin.quit();
  });

  it('delivers events published in the same process through Redis, in order', async () => {
    const prefix = `atrium-test:${newId()}:`;
    const b = bus(prefix);
    const seenByRedis: string[] = [];
    const spy = new Redis(url);
    spy.on('message', (_channel: string, message: string) => seenByRedis.push(message));
    await spy.subscribe(`${prefix}run-1`);
    const got: number[] = [];
    const sub = b.subscribe('run-1', (e) => got.push(e.payload.n as number));
    await sub.ready;
    await Promise.all([...Array(200).keys()].map((n) => b.publish('run-1', runEvent('tokens', 'delta', { n }))));
    await eventually(() => expect(got).toHaveLength(200));
    expect(got).toEqual([...Array(200).keys()]);
    await eventually(() => expect(seenByRedis).toHaveLength(200));
    spy.disconnect();
  });

  it('carries events between two processes (two buses), keeping the order', async () => {
    const prefix = `atrium-test:${newId()}:`;
    const worker = bus(prefix);
    const api = bus(prefix);
    const received: RunEvent[] = [];
    const local: number[] = [];
    const sub = api.subscribe('run', (e) => received.push(e));
    const localSub = worker.subscribe('run', (e) => local.push(e.payload.n as number));
    // Redis pub/sub drops what is published before SUBSCRIBE completes, so both sides must be ready first.
    await Promise.all([sub.ready, localSub.ready]);
    await Promise.all(
      [...Array(100).keys()].map((n) => worker.publish('run', runEvent('updates', 'activity', { n }, `act-${n % 3}`))),
    );
    await eventually(() => expect(received).toHaveLength(100));
    expect(received.map((e) => e.payload.n)).toEqual([...Array(100).keys()]);
    expect(received[4]).toEqual({
      channel: 'updates',
      type: 'activity',
      actId: 'act-1',
      payload: { n: 4 },
      ts: expect.any(Number),
    });
    await eventually(() => expect(local).toHaveLength(100));
  });

  it('uses one subscriber connection and one SUBSCRIBE per run, unsubscribing with the last listener', async () => {
    const prefix = `atrium-test:${newId()}:`;
    const name = `atrium-test-${newId()}`;
    const b = bus(prefix, name);
    const subs = [
      b.subscribe('one', () => {}),
      b.subscribe('one', () => {}),
      b.subscribe('one', () => {}),
      b.subscribe('two', () => {}),
      b.subscribe('two', () => {}),
    ];
    await Promise.all(subs.map((s) => s.ready));
    expect(await numsub(`${prefix}one`)).toBe(1);
    expect(await numsub(`${prefix}two`)).toBe(1);
    expect(await clientsNamed(name)).toHaveLength(1);
    expect(await clientsNamed(`${name}-pub`)).toHaveLength(1);
    expect(b.listenerCount('one')).toBe(3);
    for (const s of subs.slice(0, 4)) s();
    await eventually(async () => expect(await numsub(`${prefix}one`)).toBe(0));
    expect(await numsub(`${prefix}two`)).toBe(1);
    subs[4]?.();
    await eventually(async () => expect(await numsub(`${prefix}two`)).toBe(0));
  });

  it('tells listeners when the subscriber connection drops, then resubscribes by itself', async () => {
    const prefix = `atrium-test:${newId()}:`;
    const name = `atrium-test-${newId()}`;
    const b = bus(prefix, name);
    const publisher = bus(prefix);
    let lost = 0;
    const got: string[] = [];
    const sub = b.subscribe('run', (e) => got.push(e.type), { onLost: () => lost++ });
    await sub.ready;
    const [id] = await clientsNamed(name);
    await admin.client('KILL', 'ID', id as string);
    await eventually(() => expect(lost).toBe(1));
    await eventually(async () => expect(await numsub(`${prefix}run`)).toBe(1));
    await publisher.publish('run', runEvent('x', 'after-reconnect'));
    await eventually(() => expect(got).toEqual(['after-reconnect']));
    const late = b.subscribe('other', (e) => got.push(e.type));
    await late.ready;
    await publisher.publish('other', runEvent('x', 'new-run'));
    await eventually(() => expect(got).toEqual(['after-reconnect', 'new-run']));
  });

  it('closes open streams with a reconnect comment when the subscriber connection drops', async () => {
    const prefix = `atrium-test:${newId()}:`;
    const name = `atrium-test-${newId()}`;
    const s = await startStreamApp({ bus: createRedisEventBus({ url, channelPrefix: prefix, connectionName: name }) });
    try {
      const run = s.run();
      const events = await openSse(s.path(run, 'events'), auth());
      const turn = await openSse(s.path(run, 'turn'), auth());
      await events.nextEvent();
      await turn.nextEvent();
      const [id] = await clientsNamed(name);
      await admin.client('KILL', 'ID', id as string);
      expect((await events.rest()).map((f) => f.raw)).toEqual([': reconnect\n\n']);
      expect((await turn.rest()).map((f) => f.raw)).toEqual([': reconnect\n\n']);
      await eventually(() => expect(s.bus.listenerCount(run.id)).toBe(0));
    } finally {
      await s.close();
    }
  });

  it('serves /events with the worker in another process: snapshot, then events in order', async () => {
    const prefix = `atrium-test:${newId()}:`;
    const worker = bus(prefix);
    const s = await startStreamApp({ bus: createRedisEventBus({ url, channelPrefix: prefix }) });
    try {
      const run = s.run({ partialText: 'He' });
      const publish = (text: string) => {
        const offset = run.state.partialText.length;
        run.state.partialText += text;
        return worker.publish(run.id, runEvent('tokens', 'delta', { text, offset }));
      };
      s.reader.beforeRead = () => publish('l');
      s.reader.afterRead = () => publish('lo');
      const conn = await openSse(s.path(run, 'events'), auth());
      expect((await conn.nextEvent())?.json.partialText).toBe('Hel');
      expect((await conn.nextEvent())?.json.payload).toEqual({ text: 'lo', offset: 3 });
      await publish('!');
      expect((await conn.nextEvent())?.json.payload).toEqual({ text: '!', offset: 5 });
      await worker.publish(run.id, runEvent('lifecycle', 'completed'));
      expect((await conn.rest()).map((f) => (f.kind === 'event' ? f.event : f.raw))).toEqual(['lifecycle.completed']);
      await eventually(() => expect(s.bus.listenerCount(run.id)).toBe(0));
      await eventually(async () => expect(await numsub(`${prefix}${run.id}`)).toBe(0));
    } finally {
      await s.close();
    }
  });
});
