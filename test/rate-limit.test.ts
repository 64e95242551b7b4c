import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createMemoryWindows } from '../src/platform/http/rate-limit-counters.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, createServiceAccountWithKey, type TestOrg } from './helpers/fixtures.ts';
import type { ApiResponse, Client } from './helpers/http.ts';

const LIMIT = 20;

function expectLimited(res: ApiResponse): void {
  expectError(res, 429, 'rate_limited');
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
}

/** Sends `times` requests one after the other and returns their statuses. */
async function statuses(times: number, send: () => Promise<ApiResponse>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await send()).status);
  return seen;
}

describe('the per-credential request limit', () => {
  let app: TestApp;
  let org: TestOrg;

  beforeAll(async () => {
    app = await startTestApp({ ATRIUM_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    org = await createOrgWithAdmin(app);
  });
  afterAll(() => app?.close());

  /**
   * A session token that has made no request yet, of a new user (a developer, who may issue keys): two sessions
   * of one user minted in the same second are the same token.
   */
  const freshSession = async () => (await addUser(app, org.admin.http, { is_developer: true })).token;

  it('answers a credential past its limit with 429 rate_limited and Retry-After, on every route', async () => {
    const session = app.http.as(await freshSession());
    expect(await statuses(LIMIT - 1, () => session.get('/v1/auth/identity'))).toEqual(Array(LIMIT - 1).fill(200));
    expect((await session.get('/v1/users/me')).status).toBe(200);
    expectLimited(await session.get('/v1/auth/identity'));
    expectLimited(await session.get('/v1/users/me'));
    expectLimited(await session.post('/v1/projects', { name: 'Over the limit' }));
    // Only that credential: another session, and a key of the organization, carry on.
    expect((await app.http.as(await freshSession()).get('/v1/auth/identity')).status).toBe(200);
    const { key } = await createServiceAccountWithKey(org.admin.http);
    expect((await app.http.as(key).get('/v1/auth/identity')).status).toBe(200);
  });

  it('counts an API key like a session', async () => {
    // The developer session that issues the key uses up its own budget, not the key's.
    const developer = app.http.as(await freshSession());
    const { key } = await createServiceAccountWithKey(developer);
    const asKey: Client = app.http.as(key);
    expect(await statuses(LIMIT, () => asKey.get('/v1/auth/identity'))).toEqual(Array(LIMIT).fill(200));
    expectLimited(await asKey.get('/v1/auth/identity'));
  });

  it('limits a credential over its limit before looking it up: an unknown one too', async () => {
    const unknown = app.http.as(`atr_${randomBytes(20).toString('hex')}`);
    const seen = await statuses(LIMIT, () => unknown.get('/v1/auth/identity'));
    expect(seen).toEqual(Array(LIMIT).fill(401));
    expectLimited(await unknown.get('/v1/auth/identity'));
  });

  it('counts requests without a credential against their client address', async () => {
    expect(await statuses(LIMIT, () => app.http.get('/healthz'))).toEqual(Array(LIMIT).fill(200));
    expectLimited(await app.http.get('/healthz'));
    expectLimited(await app.http.post('/v1/auth/sessions', { email: 'a@b.test', password: 'x' }));
    // A credential from the same address has its own budget.
    expect((await app.http.as(await freshSession()).get('/healthz')).status).toBe(200);
  });
});

describe('ATRIUM_RATE_LIMIT_PER_MINUTE=0', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ ATRIUM_RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(() => app?.close());

  it('turns the limit off: one credential may exceed the default of 6000 requests a minute', async () => {
    const key = app.http.as(app.consoleKey);
    // Twenty requests in flight, on a route that reads nothing, so the 6001 take seconds.
    const streams = 20;
    const stream = async () => {
      const seen = new Set<number>();
      for (let i = 0; i < Math.ceil(6001 / streams); i++) seen.add((await key.get('/healthz')).status);
      return seen;
    };
    const results = await Promise.all(Array.from({ length: streams }, stream));
    expect(new Set(results.flatMap((seen) => [...seen]))).toEqual(new Set([200]));
  }, 120_000);
});

describe('in-process windows', () => {
  it('count per key within a window and start afresh when it ends', () => {
    const windows = createMemoryWindows(10);
    expect(windows.hit('a', 1000, 0)).toEqual({ count: 1, endsAt: 1000 });
    expect(windows.hit('a', 1000, 500)).toEqual({ count: 2, endsAt: 1000 });
    expect(windows.hit('b', 1000, 500)).toEqual({ count: 1, endsAt: 1500 });
    expect(windows.peek('a', 999)).toEqual({ count: 2, endsAt: 1000 });
    expect(windows.peek('a', 1000)).toBeNull();
    expect(windows.hit('a', 1000, 1000)).toEqual({ count: 1, endsAt: 2000 });
  });

  it('keep at most their bound of keys, forgetting the least recently hit', () => {
    const windows = createMemoryWindows(2);
    windows.hit('busy', 60_000, 0);
    windows.hit('idle', 60_000, 1);
    windows.hit('busy', 60_000, 2);
    windows.hit('new', 60_000, 3);
    expect(windows.peek('idle', 4)).toBeNull();
    expect(windows.peek('busy', 4)).toEqual({ count: 2, endsAt: 60_000 });
    expect(windows.peek('new', 4)).toEqual({ count: 1, endsAt: 60_003 });
  });
});

describe('rate-limit configuration', () => {
  const env = (vars: Record<string, string>) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-rl-')), ...vars });

  it('has the documented defaults', () => {
    const config = loadConfig(env({}));
    expect(config.rateLimit).toEqual({
      perMinute: 6000,
      prefix: 'atrium:rl:',
      signIn: { failuresPerEmail: 10, failuresPerAddress: 300, windowMs: 900_000 },
    });
    expect(config.passwordHashing).toEqual({ concurrency: 2, queue: 64 });
    expect(config.trustProxyHops).toBe(0);
  });

  it('sizes the password-hash bound to the threadpool, keeping two threads free', () => {
    expect(loadConfig(env({ UV_THREADPOOL_SIZE: '8' })).passwordHashing.concurrency).toBe(6);
    expect(loadConfig(env({ UV_THREADPOOL_SIZE: '2' })).passwordHashing.concurrency).toBe(1);
    const explicit = env({ UV_THREADPOOL_SIZE: '8', ATRIUM_PASSWORD_HASH_CONCURRENCY: '3' });
    expect(loadConfig(explicit).passwordHashing.concurrency).toBe(3);
  });

  it('refuses values out of range', () => {
    for (const [name, value] of [
      ['ATRIUM_RATE_LIMIT_PER_MINUTE', '-1'],
      ['ATRIUM_RATE_LIMIT_PER_MINUTE', 'lots'],
      ['ATRIUM_SIGN_IN_FAILURES_PER_EMAIL', '1.5'],
      ['ATRIUM_SIGN_IN_FAILURES_PER_IP', '-3'],
      ['ATRIUM_SIGN_IN_FAILURE_WINDOW_MS', '0'],
      ['ATRIUM_PASSWORD_HASH_CONCURRENCY', '0'],
      ['ATRIUM_PASSWORD_HASH_QUEUE', 'x'],
      ['ATRIUM_TRUST_PROXY_HOPS', '11'],
    ] as const) {
      expect(() => loadConfig(env({ [name]: value })), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig(env({ [name]: value }))).toThrow(name);
    }
  });
});
