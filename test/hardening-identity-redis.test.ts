import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowCounters } from '../src/platform/http/rate-limit-counters.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { unique } from './helpers/fixtures.ts';

/**
 * Always runs: against REDIS_URL when set, else the Redis every machine of this project has on 127.0.0.1:6379
 * (a skipped test would pass as green). The apps of this file choose their own key prefixes.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('failed sign-ins counted in Redis', () => {
  const sharedPrefix = `atrium:rl:test-shared-${randomBytes(6).toString('hex')}:`;
  let first: TestApp;
  let second: TestApp;
  let elsewhere: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    const env = (prefix: string) => ({
      REDIS_URL,
      ATRIUM_RATE_LIMIT_PREFIX: prefix,
      ATRIUM_SIGN_IN_FAILURES_PER_EMAIL: '3',
    });
    // Two processes of one installation, and an installation of its own sharing the Redis server.
    first = await startTestApp(env(sharedPrefix));
    second = await startTestApp(env(sharedPrefix));
    elsewhere = await startTestApp(env(`atrium:rl:test-other-${randomBytes(6).toString('hex')}:`));
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), elsewhere?.close()]);
    await redis?.quit();
  });

  const signIn = (app: TestApp, email: string) =>
    app.http.as(app.webKey).post('/v1/auth/sessions', { email, password: 'not-the-password' });

  it('shares the counts between processes, under the prefix, without naming the email', async () => {
    const email = `${unique('shared')}@example.test`;
    expectError(await signIn(first, email), 401, 'invalid_credentials');
    expectError(await signIn(second, email), 401, 'invalid_credentials');
    expectError(await signIn(first, email), 401, 'invalid_credentials');
    expectError(await signIn(second, email), 429, 'rate_limited');
    expectError(await signIn(first, email), 429, 'rate_limited');
    // Another installation's counters are its own.
    expectError(await signIn(elsewhere, email), 401, 'invalid_credentials');

    const keys = await redis.keys(`${sharedPrefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) {
      expect(key).not.toContain(email);
      // Every counter expires with its window.
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(900_000);
    }
  });
});

describe('counters whose Redis cannot be reached', () => {
  it('count nothing, never throw, and warn once rather than on every sign-in', async () => {
    const warnings: string[] = [];
    const counters = createWindowCounters({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: 'atrium:rl:test-unreachable:',
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
    try {
      for (let i = 0; i < 3; i++) {
        await counters.hit(['a', 'b'], 60_000);
        expect(await counters.peek(['a', 'b'])).toEqual([
          { count: 0, resetInMs: 0 },
          { count: 0, resetInMs: 0 },
        ]);
      }
      expect(warnings).toHaveLength(1);
    } finally {
      await counters.close();
    }
  });
});
