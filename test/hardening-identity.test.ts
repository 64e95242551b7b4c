import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually, expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, type TestOrg, unique } from './helpers/fixtures.ts';
import type { ApiResponse } from './helpers/http.ts';

const WRONG = 'not-the-password-at-all';

const signIn = (app: TestApp, email: string, password: string, headers: Record<string, string> = {}) =>
  app.http.as(app.webKey).post('/v1/auth/sessions', { email, password }, { headers });

/** A 429 `rate_limited` in the error envelope, with a whole number of seconds to wait, at most `windowSeconds`. */
function expectRateLimited(res: ApiResponse, windowSeconds: number): number {
  expectError(res, 429, 'rate_limited');
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
  return Number(retryAfter);
}

async function failTimes(app: TestApp, email: string, times: number, headers: Record<string, string> = {}) {
  for (let i = 0; i < times; i++) expectError(await signIn(app, email, WRONG, headers), 401, 'invalid_credentials');
}

describe('failed sign-ins per email (defaults: 10 in 15 minutes)', () => {
  let app: TestApp;
  let org: TestOrg;

  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrgWithAdmin(app);
  });
  afterAll(() => app?.close());

  it('refuses an email with 10 failures with 429 rate_limited and Retry-After, the right password included', async () => {
    const user = await addUser(app, org.admin.http);
    await failTimes(app, user.user.email, 10);
    const locked = await signIn(app, user.user.email, user.password);
    const retryAfter = expectRateLimited(locked, 900);
    // The window opened at the first failure, moments ago.
    expect(retryAfter).toBeGreaterThan(600);
    expectRateLimited(await signIn(app, user.user.email, WRONG), 900);
    // The same email in another case is the same email.
    expectRateLimited(await signIn(app, user.user.email.toUpperCase(), user.password), 900);

    // Only signing in is refused: sessions already held carry on, other people sign in from the same address.
    expect((await user.http.get('/v1/auth/identity')).status).toBe(200);
    const other = await addUser(app, org.admin.http);
    expect((await signIn(app, other.user.email, other.password)).status).toBe(200);
  });

  it('counts failures only: successful sign-ins never use the limit up', async () => {
    const user = await addUser(app, org.admin.http);
    for (let i = 0; i < 12; i++) expect((await signIn(app, user.user.email, user.password)).status).toBe(200);
    await failTimes(app, user.user.email, 9);
    expect((await signIn(app, user.user.email, user.password)).status).toBe(200);
    await failTimes(app, user.user.email, 1);
    expectRateLimited(await signIn(app, user.user.email, user.password), 900);
  });

  it('counts an unknown email like a wrong password', async () => {
    const email = `${unique('nobody')}@example.test`;
    await failTimes(app, email, 10);
    expectRateLimited(await signIn(app, email, WRONG), 900);
  });

  it('counts the refusal of a suspended user, whose right password must not tell them apart', async () => {
    const user = await addUser(app, org.admin.http);
    expect((await org.admin.http.post(`/v1/users/${user.user.id}/suspend`)).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expectError(await signIn(app, user.user.email, user.password), 401, 'invalid_credentials');
    }
    expectRateLimited(await signIn(app, user.user.email, user.password), 900);
  });

  it('checks the key before the limit: a request without a valid key is neither counted nor limited', async () => {
    const user = await addUser(app, org.admin.http);
    const noKey = () => app.http.post('/v1/auth/sessions', { email: user.user.email, password: WRONG });
    for (let i = 0; i < 12; i++) expectError(await noKey(), 401, 'unauthorized');
    expect((await signIn(app, user.user.email, user.password)).status).toBe(200);
  });
});

describe('failed sign-ins per client address', () => {
  let app: TestApp;
  let org: TestOrg;
  let user: OrgUser;
  const from = (address: string) => ({ 'x-forwarded-for': address });

  beforeAll(async () => {
    // Behind one proxy, whose X-Forwarded-For names the client: each test speaks for addresses of its own.
    app = await startTestApp({ ATRIUM_SIGN_IN_FAILURES_PER_IP: '5', ATRIUM_TRUST_PROXY_HOPS: '1' });
    org = await createOrgWithAdmin(app);
    user = await addUser(app, org.admin.http);
  });
  afterAll(() => app?.close());

  it('refuses an address with 5 failures (of any emails), whoever it then signs in as', async () => {
    for (let i = 0; i < 5; i++) {
      const email = `${unique('spray')}@example.test`;
      expectError(await signIn(app, email, WRONG, from('203.0.113.7')), 401, 'invalid_credentials');
    }
    expectRateLimited(await signIn(app, user.user.email, user.password, from('203.0.113.7')), 900);
    // Another address, and the proxy itself, are not held back.
    expect((await signIn(app, user.user.email, user.password, from('203.0.113.8'))).status).toBe(200);
    expect((await signIn(app, user.user.email, user.password)).status).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    await failTimes(app, `${unique('v6')}@example.test`, 3, from('2001:db8:1:2::a'));
    await failTimes(app, `${unique('v6')}@example.test`, 2, from('2001:db8:1:2:ffff::b'));
    expectRateLimited(await signIn(app, user.user.email, user.password, from('2001:db8:1:2::c')), 900);
    expect((await signIn(app, user.user.email, user.password, from('2001:db8:1:3::a'))).status).toBe(200);
  });
});

describe('the end of the failure window', () => {
  let app: TestApp;
  let org: TestOrg;

  beforeAll(async () => {
    app = await startTestApp({ ATRIUM_SIGN_IN_FAILURES_PER_EMAIL: '2', ATRIUM_SIGN_IN_FAILURE_WINDOW_MS: '5000' });
    org = await createOrgWithAdmin(app);
  });
  afterAll(() => app?.close());

  it('lets an email sign in again once the window of its first failure has ended', async () => {
    const user = await addUser(app, org.admin.http);
    await failTimes(app, user.user.email, 2);
    expectRateLimited(await signIn(app, user.user.email, user.password), 5);
    await eventually(async () => expect((await signIn(app, user.user.email, user.password)).status).toBe(200));
    // A new window: two more failures lock it again.
    await failTimes(app, user.user.email, 2);
    expectRateLimited(await signIn(app, user.user.email, user.password), 5);
  });
});
