import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
} from './helpers/fixtures.ts';
import { expectRouteSecurity } from './helpers/security.ts';

const SESSION = '/web/session';
const WEB = { 'x-atrium-web': '1' };

let app: TestApp;
let org: TestOrg;
let member: OrgUser;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
  member = await addUser(app, org.admin.http, { role: 'member' });
});
afterAll(() => app?.close());

/** The cookie a successful sign-in set: its value and its attributes. */
function cookieOf(response: { headers: Headers }) {
  const header = response.headers.get('set-cookie') ?? '';
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const [name, value] = (pair ?? '').split('=') as [string, string];
  return { name, value, attributes, header };
}

async function signIn(email: string, password: string) {
  const response = await app.http.post(SESSION, { email, password }, { headers: WEB });
  return { response, cookie: cookieOf(response) };
}

/** A request as the web app sends it: the cookie beside the custom header. */
const asWebApp = (token: string, extra: Record<string, string> = {}) => ({
  headers: { ...WEB, cookie: `theme=dark; atrium_session=${token}`, ...extra },
});

describe('POST /web/session', () => {
  it('signs in: the token goes into an HttpOnly SameSite=Strict cookie and never into the body', async () => {
    const { response, cookie } = await signIn(member.user.email, member.password);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      user: (await member.http.get('/v1/users/me')).body,
      expires_at: expect.stringMatching(ISO_MS),
    });
    expect(cookie.name).toBe('atrium_session');
    expect(cookie.value).toMatch(/^eyJ/);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict', expect.stringMatching(/^Max-Age=\d+$/)]),
    );
    // Served over plain http here: the cookie is not marked Secure (it is over https).
    expect(cookie.attributes).not.toContain('Secure');
    expect(response.text).not.toContain(cookie.value);
    const lifetime = Date.parse(response.body.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(7.9 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(8 * 3600_000);
  });

  it('refuses a wrong password or an unknown email alike with 401 invalid_credentials and sets no cookie', async () => {
    for (const [email, password] of [
      [member.user.email, 'not-the-password'],
      ['nobody@example.test', 'whatever-password'],
    ]) {
      const { response } = await signIn(email!, password!);
      expectError(response, 401, 'invalid_credentials');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('tells a suspended user or organization why, but only after the right password', async () => {
    const suspended = await addUser(app, org.admin.http, { role: 'member' });
    expect((await org.admin.http.post(`/v1/users/${suspended.user.id}/suspend`)).status).toBe(200);
    expectError((await signIn(suspended.user.email, 'wrong-password-1')).response, 401, 'invalid_credentials');
    const refused = (await signIn(suspended.user.email, suspended.password)).response;
    expectError(refused, 403, 'user_suspended');
    expect(refused.body.error).toMatch(/suspended/);

    const other = await createOrgWithAdmin(app);
    const operator = app.http.as(app.consoleKey);
    expect((await operator.post(`/v1/admin/organizations/${other.org.id}/suspend`)).status).toBe(200);
    expectError((await signIn(other.admin.user.email, 'wrong-password-1')).response, 401, 'invalid_credentials');
    expectError((await signIn(other.admin.user.email, other.admin.password)).response, 403, 'org_suspended');
  });

  it('is refused without the web app header (403), and validates its body (400)', async () => {
    const bare = await app.http.post(SESSION, { email: member.user.email, password: member.password });
    expectError(bare, 403, 'forbidden');
    expect(bare.headers.get('set-cookie')).toBeNull();
    for (const body of [{}, { email: member.user.email }, { email: 'x', password: 'y' }, { ...member, extra: 1 }]) {
      expectError(await app.http.post(SESSION, body, { headers: WEB }), 400, 'invalid_request');
    }
    expectError(
      await app.http.post(SESSION, { email: 'a\u0000b@example.test', password: 'x' }, { headers: WEB }),
      400,
      'invalid_request',
    );
    // Bounded before any password is hashed: a long password is invalid, a body past 1 MiB is never read whole.
    const long = await app.http.post(
      SESSION,
      { email: member.user.email, password: 'p'.repeat(257) },
      { headers: WEB },
    );
    expectError(long, 400, 'invalid_request');
    const huge = await app.http.post(
      SESSION,
      { email: member.user.email, password: 'p'.repeat(1024 * 1024) },
      { headers: WEB },
    );
    expectError(huge, 413, 'payload_too_large');
    expect(huge.headers.get('set-cookie')).toBeNull();
  });

  it('mints with the web key for customers (no console access) and the console key for operators', async () => {
    const customer = (await signIn(org.admin.user.email, org.admin.password)).cookie.value;
    expectError(await app.http.get('/v1/admin/organizations', asWebApp(customer)), 403, 'admin_required');
    const operator = (await signIn(app.operator.email, app.operator.password)).cookie.value;
    expect((await app.http.get('/v1/admin/organizations', asWebApp(operator))).status).toBe(200);
    const identity = (await app.http.get('/v1/auth/identity', asWebApp(operator))).body;
    expect(identity).toMatchObject({ credential_type: 'session_token', can_access_console: true });
  });
});

describe('the cookie as a credential', () => {
  it('is accepted only beside X-Atrium-Web: 1, and a bearer header wins over it', async () => {
    const token = (await signIn(member.user.email, member.password)).cookie.value;
    const me = await app.http.get('/v1/users/me', asWebApp(token));
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(member.user.id);
    // A cross-site form or link sends the cookie (were SameSite ever bypassed) but cannot send the header.
    expectError(
      await app.http.get('/v1/users/me', { headers: { cookie: `atrium_session=${token}` } }),
      401,
      'unauthorized',
    );
    expectError(await app.http.get('/v1/users/me', asWebApp(token, { 'x-atrium-web': 'true' })), 401, 'unauthorized');
    const withBearer = await app.http.get(
      '/v1/users/me',
      asWebApp(token, { authorization: `Bearer ${org.admin.token}` }),
    );
    expect(withBearer.body.id).toBe(org.admin.user.id);
    expectError(await app.http.get('/v1/users/me', asWebApp('not-a-token')), 401, 'unauthorized');
  });
});

describe('GET /web/session', () => {
  it('answers the signed-in user and the expiry; 401 without a session', async () => {
    // A minute after the admin's token was minted, so the two sessions' expiries differ.
    app.clock.advance(60_000);
    const { response, cookie } = await signIn(member.user.email, member.password);
    const current = await app.http.get(SESSION, asWebApp(cookie.value));
    expect(current.status).toBe(200);
    expect(current.body).toEqual(response.body);
    expectError(await app.http.get(SESSION, { headers: WEB }), 401, 'unauthorized');
    // With a bearer beside the cookie, the bearer is the session (as everywhere): its user and its expiry.
    const both = await app.http.get(SESSION, asWebApp(cookie.value, { authorization: `Bearer ${org.admin.token}` }));
    expect(both.body.user.id).toBe(org.admin.user.id);
    const bearerExp = JSON.parse(Buffer.from(org.admin.token.split('.')[1]!, 'base64url').toString('utf8')).exp;
    expect(both.body.expires_at).toBe(new Date(bearerExp * 1000).toISOString());
  });

  it('owes the usual security cases: bad credentials 401, an API key 401, a bearer session without the header 403', async () => {
    const { key } = await createServiceAccountWithKey(org.admin.http, 'admin');
    // The user's own session: no id in the path, nothing of another organization to probe.
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /web/session',
      path: SESSION,
      forbidden: [
        { credential: key, code: 'unauthorized', status: 401 },
        { credential: member.token, code: 'forbidden' },
      ],
    });
  });
});

describe('POST /web/session/renew', () => {
  it('sets a fresh cookie for the same sign-in; refuses without a cookie, outside the window, or without the header', async () => {
    const { cookie } = await signIn(member.user.email, member.password);
    await app.clock.advance(60_000);
    const renewed = await app.http.post(`${SESSION}/renew`, undefined, asWebApp(cookie.value));
    expect(renewed.status).toBe(200);
    expect(renewed.body).toEqual({ expires_at: expect.stringMatching(ISO_MS) });
    const fresh = cookieOf(renewed);
    expect(fresh.value).not.toBe(cookie.value);
    expect(renewed.text).not.toContain(fresh.value);
    expect((await app.http.get('/v1/users/me', asWebApp(fresh.value))).body.id).toBe(member.user.id);

    expectError(await app.http.post(`${SESSION}/renew`, undefined, { headers: WEB }), 401, 'invalid_credentials');
    expectError(
      await app.http.post(`${SESSION}/renew`, undefined, { headers: { cookie: `atrium_session=${fresh.value}` } }),
      403,
      'forbidden',
    );
    // A token minted over the API is no web sign-in: the web route does not renew it.
    expectError(await app.http.post(`${SESSION}/renew`, undefined, asWebApp(member.token)), 401, 'invalid_credentials');

    await app.clock.advance(8 * 24 * 3600_000);
    expectError(await app.http.post(`${SESSION}/renew`, undefined, asWebApp(fresh.value)), 401, 'renew_window_expired');
  });
});

describe('DELETE /web/session', () => {
  it('signs out: clears the cookie and revokes the sign-in, so a replayed cookie or token is refused', async () => {
    const { cookie } = await signIn(member.user.email, member.password);
    const renewed = cookieOf(await app.http.post(`${SESSION}/renew`, undefined, asWebApp(cookie.value))).value;
    const other = (await signIn(member.user.email, member.password)).cookie.value;

    const out = await app.http.delete(SESSION, asWebApp(cookie.value));
    expect(out.status).toBe(204);
    const cleared = cookieOf(out);
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(expect.arrayContaining(['Max-Age=0', 'HttpOnly', 'SameSite=Strict']));

    // Every token of that sign-in is dead, the renewed one too, as cookie or as bearer.
    for (const token of [cookie.value, renewed]) {
      expectError(await app.http.get('/v1/users/me', asWebApp(token)), 401, 'invalid_credentials');
      expectError(await app.http.as(token).get('/v1/users/me'), 401, 'invalid_credentials');
      expectError(await app.http.post(`${SESSION}/renew`, undefined, asWebApp(token)), 401, 'invalid_credentials');
      expectError(await app.http.as(app.webKey).post('/v1/auth/sessions/renew', { token }), 401, 'invalid_credentials');
    }
    // Another sign-in of the same person is not affected; signing out again is harmless.
    expect((await app.http.get('/v1/users/me', asWebApp(other))).status).toBe(200);
    expect((await app.http.delete(SESSION, asWebApp(cookie.value))).status).toBe(204);
    expect((await app.http.delete(SESSION, { headers: WEB })).status).toBe(204);
    expectError(await app.http.delete(SESSION, { headers: { cookie: `atrium_session=${other}` } }), 403, 'forbidden');
    expect((await app.http.get('/v1/users/me', asWebApp(other))).status).toBe(200);
  });
});
