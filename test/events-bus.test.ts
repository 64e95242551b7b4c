import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import {
  createEventBus,
  createMemoryEventBus,
  createRedisEventBus,
  type RunEvent,
  runEvent,
} from '../src/platform/events/index.ts';

const env = (extra: Record<string, string> = {}) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-ev-')), ...extra });

describe('in-process event bus', () => {
  it('delivers a run’s events to its listeners only, in publish order', async () => {
    const bus = createEventBus({ redisUrl: null });
    const a: number[] = [];
    const b: number[] = [];
    const other: number[] = [];
    const subA = bus.subscribe('r1', (e) => a.push(e.payload.n as number));
    bus.subscribe('r1', (e) => b.push(e.payload.n as number));
    bus.subscribe('r2', (e) => other.push(e.payload.n as number));
    await subA.ready;
    await Promise.all([...Array(50).keys()].map((n) => bus.publish('r1', runEvent('updates', 'activity', { n }))));
    expect(a).toEqual([...Array(50).keys()]);
    expect(b).toEqual(a);
    expect(other).toEqual([]);
    await bus.close();
  });

  it('hands out the envelope as JSON carries it, never the publisher’s objects', async () => {
    const bus = createMemoryEventBus();
    const got: RunEvent[] = [];
    bus.subscribe('r', (e) => got.push(e));
    const payload = { when: new Date(0), nested: { x: 1 } };
    await bus.publish('r', { channel: 'c', type: 't', actId: 'a', payload, ts: 1.5 });
    expect(got).toEqual([
      { channel: 'c', type: 't', actId: 'a', payload: { when: '1970-01-01T00:00:00.000Z', nested: { x: 1 } }, ts: 1.5 },
    ]);
    expect(got[0]?.payload.nested).not.toBe(payload.nested);
    await bus.close();
  });

  it('unsubscribes (idempotently), counts listeners, and stops delivering after close', async () => {
    const bus = createMemoryEventBus();
    const got: unknown[] = [];
    const unsubscribe = bus.subscribe('r', (e) => got.push(e.payload));
    const second = bus.subscribe('r', () => {});
    expect(bus.listenerCount('r')).toBe(2);
    unsubscribe();
    unsubscribe();
    expect(bus.listenerCount('r')).toBe(1);
    await bus.publish('r', runEvent('a', 'b'));
    expect(got).toEqual([]);
    second();
    expect(bus.listenerCount('r')).toBe(0);
    bus.subscribe('r', (e) => got.push(e.payload));
    await bus.close();
    await bus.publish('r', runEvent('a', 'b', { late: true }));
    expect(got).toEqual([]);
  });

  it('keeps order when a listener publishes, and survives a listener that throws', async () => {
    const errors: unknown[] = [];
    const bus = createMemoryEventBus({ warn() {}, error: (obj) => errors.push(obj) });
    const first: string[] = [];
    const second: string[] = [];
    bus.subscribe('r', (e) => {
      first.push(e.type);
      if (e.type === 'one') void bus.publish('r', runEvent('x', 'two'));
    });
    bus.subscribe('r', () => {
      throw new Error('listener bug');
    });
    bus.subscribe('r', (e) => second.push(e.type));
    await bus.publish('r', runEvent('x', 'one'));
    expect(first).toEqual(['one', 'two']);
    expect(second).toEqual(['one', 'two']);
    expect(errors).toHaveLength(2);
    await bus.close();
  });
});

describe('Redis event bus without Redis', () => {
  it('rejects `ready` when it cannot subscribe, and publishing neither throws nor hangs', async () => {
    const warnings: unknown[] = [];
    const bus = createRedisEventBus({
      url: 'redis://127.0.0.1:1',
      subscribeTimeoutMs: 50,
      log: { warn: (o) => warnings.push(o), error() {} },
    });
    const sub = bus.subscribe('r', () => {});
    await expect(sub.ready).rejects.toThrow(/subscription/);
    sub();
    expect(bus.listenerCount('r')).toBe(0);
    await expect(bus.publish('r', runEvent('a', 'b'))).resolves.toBeUndefined();
    expect(warnings.length).toBeGreaterThan(0);
    await bus.close();
    await expect(bus.subscribe('r', () => {}).ready).rejects.toThrow(/closed/);
  });
});

describe('events configuration', () => {
  it('defaults: no Redis, keepalive 15 s, lifetime one hour', () => {
    const config = loadConfig(env());
    expect(config.redisUrl).toBeNull();
    expect(config.sse).toEqual({
      keepaliveMs: 15_000,
      maxLifetimeMs: 3_600_000,
      recheckMs: 30_000,
      maxStreamsPerPrincipal: 20,
    });
  });

  it('reads REDIS_URL and the SSE intervals', () => {
    const config = loadConfig(
      env({
        REDIS_URL: ' redis://127.0.0.1:6379/2 ',
        ATRIUM_SSE_KEEPALIVE_MS: '250',
        ATRIUM_SSE_MAX_LIFETIME_MS: '1000',
      }),
    );
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(config.sse).toEqual({
      keepaliveMs: 250,
      maxLifetimeMs: 1000,
      recheckMs: 30_000,
      maxStreamsPerPrincipal: 20,
    });
    expect(loadConfig(env({ REDIS_URL: 'rediss://user:pw@cache:6380' })).redisUrl).toBe('rediss://user:pw@cache:6380');
  });

  it.each([
    ['REDIS_URL', 'http://localhost:6379'],
    ['REDIS_URL', 'redis://'],
    ['ATRIUM_SSE_KEEPALIVE_MS', '0'],
    ['ATRIUM_SSE_KEEPALIVE_MS', '1.5'],
    ['ATRIUM_SSE_MAX_LIFETIME_MS', '-1'],
    ['ATRIUM_SSE_MAX_LIFETIME_MS', '9999999999'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig(env({ [name]: value }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ [name]: value }))).toThrow(name);
  });
});
