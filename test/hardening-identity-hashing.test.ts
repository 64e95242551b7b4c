import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundPasswordHashing, hashPassword, verifyPassword } from '../src/platform/crypto/passwords.ts';
import { RetryLaterError } from '../src/platform/http/rate-limit-errors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { unique } from './helpers/fixtures.ts';

const PASSWORD = 'the-right-password';

function expectBusy(result: PromiseSettledResult<unknown> | undefined): void {
  expect(result?.status).toBe('rejected');
  const reason = (result as PromiseRejectedResult).reason;
  expect(reason).toBeInstanceOf(RetryLaterError);
  expect(reason).toMatchObject({ status: 503, code: 'server_busy', retryAfterSeconds: 1 });
}

// The bound is per process: these tests set it directly, before any app of this file sets it from its config.
describe('the bound on concurrent password hashes', () => {
  let hash: string;

  beforeAll(async () => {
    hash = await hashPassword(PASSWORD);
  });

  it('admits `concurrency` running and `queue` waiting verifications, and refuses the next with 503', async () => {
    boundPasswordHashing({ concurrency: 1, queue: 1 });
    const settled = await Promise.allSettled([
      verifyPassword(hash, PASSWORD),
      verifyPassword(hash, 'a-wrong-password'),
      verifyPassword(hash, PASSWORD),
    ]);
    expect(settled.slice(0, 2)).toEqual([
      { status: 'fulfilled', value: true },
      { status: 'fulfilled', value: false },
    ]);
    expectBusy(settled[2]);
    // Finished work gives its places back.
    expect(await verifyPassword(hash, PASSWORD)).toBe(true);
  });

  it('bounds new hashes and the dummy verification of unknown emails alike', async () => {
    boundPasswordHashing({ concurrency: 2, queue: 0 });
    const hashes = await Promise.allSettled([
      hashPassword('p1-password'),
      hashPassword('p2-password'),
      hashPassword('p3'),
    ]);
    expect(hashes.slice(0, 2).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expectBusy(hashes[2]);

    const unknown = await Promise.allSettled([0, 1, 2].map(() => verifyPassword(null, PASSWORD)));
    expect(unknown.slice(0, 2)).toEqual([
      { status: 'fulfilled', value: false },
      { status: 'fulfilled', value: false },
    ]);
    expectBusy(unknown[2]);
  });
});

describe('sign-in under the bound (one hash at a time, none waiting)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      ATRIUM_PASSWORD_HASH_CONCURRENCY: '1',
      ATRIUM_PASSWORD_HASH_QUEUE: '0',
      ATRIUM_SIGN_IN_FAILURES_PER_EMAIL: '3',
    });
  });
  afterAll(() => app?.close());

  const signIn = (email: string) => app.http.as(app.webKey).post('/v1/auth/sessions', { email, password: PASSWORD });

  it('answers sign-ins past the bound with 503 server_busy and Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signIn(`${unique('crowd')}-${randomBytes(2).toString('hex')}@example.test`)),
    );
    const busy = answers.filter((res) => res.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expectError(res, 503, 'server_busy');
      expect(res.headers.get('retry-after')).toBe('1');
    }
    for (const res of answers.filter((r) => r.status !== 503)) expectError(res, 401, 'invalid_credentials');
  });

  it('spends no hash on an email that is locked out', async () => {
    const email = `${unique('locked')}@example.test`;
    for (let i = 0; i < 3; i++) expectError(await signIn(email), 401, 'invalid_credentials');
    // Were a locked attempt to verify a password first, most of these would meet the bound (503).
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(email)));
    for (const res of answers) expectError(res, 429, 'rate_limited');
  });
});
