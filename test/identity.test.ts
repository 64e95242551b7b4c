import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, UUID } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  mintSession,
  operatorSession,
  type TestOrg,
} from './helpers/fixtures.ts';
import { expectRouteSecurity } from './helpers/security.ts';
import {
  claimsFor,
  craftToken,
  HOUR,
  identityOf,
  issueTokenAt,
  kidOf,
  type SessionSubject,
  subjectOf,
} from './helpers/tokens.ts';

/** The spec's eight identity fields, sorted. */
const IDENTITY_FIELDS = [
  'api_key_id',
  'can_access_console',
  'can_mint_cross_org',
  'credential_type',
  'organization_id',
  'role',
  'service_account_id',
  'user_id',
];

let app: TestApp;
let orgA: TestOrg;
let systemOrgId: string;

async function exactIdentity(credential: string) {
  const identity = await identityOf(app, credential);
  expect(Object.keys(identity).sort()).toEqual(IDENTITY_FIELDS);
  return identity;
}

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  systemOrgId = (await seedIds(app)).systemOrgId;
});
afterAll(() => app?.close());

describe('GET /v1/auth/identity: API keys', () => {
  it('describes the console key', async () => {
    const identity = await exactIdentity(app.consoleKey);
    expect(identity).toEqual({
      credential_type: 'api_key',
      user_id: null,
      organization_id: systemOrgId,
      role: 'admin',
      api_key_id: expect.stringMatching(UUID),
      service_account_id: expect.stringMatching(UUID),
      can_mint_cross_org: false,
      can_access_console: true,
    });
  });

  it('describes the web key', async () => {
    const identity = await exactIdentity(app.webKey);
    expect(identity).toEqual({
      credential_type: 'api_key',
      user_id: null,
      organization_id: systemOrgId,
      role: 'member',
      api_key_id: expect.stringMatching(UUID),
      service_account_id: expect.stringMatching(UUID),
      can_mint_cross_org: true,
      can_access_console: false,
    });
    const consoleKey = await identityOf(app, app.consoleKey);
    expect(identity.api_key_id).not.toBe(consoleKey.api_key_id);
    expect(identity.service_account_id).not.toBe(consoleKey.service_account_id);
  });

  it("describes an organization's service account key with its account's id and role", async () => {
    for (const role of ['member', 'admin'] as const) {
      const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http, role);
      expect(await exactIdentity(key)).toEqual({
        credential_type: 'api_key',
        user_id: null,
        organization_id: orgA.org.id,
        role,
        api_key_id: keyRecord.id,
        service_account_id: account.id,
        can_mint_cross_org: false,
        can_access_console: false,
      });
    }
  });
});

describe('GET /v1/auth/identity: session tokens', () => {
  it('describes a session minted by the console key, with console access', async () => {
    const token = await operatorSession(app);
    const identity = await exactIdentity(token);
    expect(identity).toEqual({
      credential_type: 'session_token',
      user_id: expect.stringMatching(UUID),
      organization_id: systemOrgId,
      role: 'admin',
      api_key_id: null,
      service_account_id: null,
      can_mint_cross_org: false,
      can_access_console: true,
    });
    const me = await app.http.as(token).get('/v1/users/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ id: identity.user_id, email: app.operator.email, organization_id: systemOrgId });
  });

  it('describes a session minted by the web key: no console access, no cross-org flag, in either org', async () => {
    const operatorViaWeb = await mintSession(app, app.webKey, app.operator.email, app.operator.password);
    expect(await exactIdentity(operatorViaWeb)).toMatchObject({
      credential_type: 'session_token',
      organization_id: systemOrgId,
      can_mint_cross_org: false,
      can_access_console: false,
    });
    expect(await exactIdentity(orgA.admin.token)).toEqual({
      credential_type: 'session_token',
      user_id: orgA.admin.user.id,
      organization_id: orgA.org.id,
      role: 'admin',
      api_key_id: null,
      service_account_id: null,
      can_mint_cross_org: false,
      can_access_console: false,
    });
  });

  it("describes a session minted by an organization's key with the user's role, not the key's", async () => {
    const member = await addUser(app, orgA.admin.http);
    const { key } = await createServiceAccountWithKey(orgA.admin.http, 'admin');
    const token = await mintSession(app, key, member.user.email, member.password);
    expect(await exactIdentity(token)).toEqual({
      credential_type: 'session_token',
      user_id: member.user.id,
      organization_id: orgA.org.id,
      role: 'member',
      api_key_id: null,
      service_account_id: null,
      can_mint_cross_org: false,
      can_access_console: false,
    });
  });

  it('shows the current role of the user on an existing session', async () => {
    const member = await addUser(app, orgA.admin.http);
    expect((await orgA.admin.http.patch(`/v1/users/${member.user.id}`, { role: 'admin' })).status).toBe(200);
    expect((await identityOf(app, member.token)).role).toBe('admin');
  });
});

describe('GET /v1/auth/identity: refused tokens', () => {
  let subject: SessionSubject;
  /** The header the server itself writes, with its genuine key id. */
  let header: () => { alg: string; kid: string; typ: string };
  beforeAll(async () => {
    subject = await subjectOf(app, orgA.admin.token, app.webKey);
    const kid = kidOf(orgA.admin.token);
    header = () => ({ alg: 'HS256', kid, typ: 'JWT' });
  });

  const expectRefused = async (token: string) =>
    expectError(await app.http.as(token).get('/v1/auth/identity'), 401, 'invalid_credentials');

  it('accepts a genuine token issued just now (control for the cases below)', async () => {
    const token = await issueTokenAt(app, subject, Date.now() - 1_000);
    expect((await identityOf(app, token)).user_id).toBe(orgA.admin.user.id);
    expect((await identityOf(app, await craftToken(app.config.jwtSecret, header(), claimsFor(subject)))).user_id).toBe(
      orgA.admin.user.id,
    );
  });

  it('401s an expired session token as invalid_credentials', async () => {
    await expectRefused(await issueTokenAt(app, subject, Date.now() - 8 * HOUR - 60_000));
    await expectRefused(await issueTokenAt(app, subject, Date.now() - 3 * 24 * HOUR));
  });

  it('pins the algorithm, the key id and the token type', async () => {
    const claims = claimsFor(subject);
    const secret = app.config.jwtSecret;
    await expectRefused(await craftToken(secret, { ...header(), alg: 'HS512' }, claims));
    await expectRefused(await craftToken(secret, { alg: 'HS256', typ: 'JWT' }, claims));
    await expectRefused(await craftToken(secret, { ...header(), kid: 'another-key-id' }, claims));
    await expectRefused(await craftToken(secret, { ...header(), typ: 'at+jwt' }, claims));
    // An unsigned token (alg none) with a made-up signature segment.
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    await expectRefused(`${b64({ alg: 'none', typ: 'JWT', kid: header().kid })}.${b64(claims)}.AAAA`);
  });

  it('refuses genuinely signed tokens whose claims are incomplete or do not match the records', async () => {
    const secret = app.config.jwtSecret;
    const claims = claimsFor(subject);
    for (const missing of ['sub', 'org', 'akid', 'exp', 'iat']) {
      const { [missing]: _, ...rest } = claims;
      await expectRefused(await craftToken(secret, header(), rest));
    }
    await expectRefused(await craftToken(secret, header(), { ...claims, sub: randomUUID() }));
    await expectRefused(await craftToken(secret, header(), { ...claims, akid: randomUUID() }));
    // The org claim must be the user's own organization.
    await expectRefused(await craftToken(secret, header(), { ...claims, org: systemOrgId }));
  });

  it('never grants console access to a session of another organization than its key (defence in depth)', async () => {
    // The console key cannot mint such a token; forge one with the real secret to check the resolver itself.
    const consoleKeyId = (await identityOf(app, app.consoleKey)).api_key_id;
    const token = await craftToken(app.config.jwtSecret, header(), { ...claimsFor(subject), akid: consoleKeyId });
    const res = await app.http.as(token).get('/v1/auth/identity');
    if (res.status === 200) expect(res.body.can_access_console).toBe(false);
    else expectError(res, 401, 'invalid_credentials');
  });
});

describe('GET /v1/auth/identity: the bearer header', () => {
  it('owes the standard security cases', async () => {
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/auth/identity', path: '/v1/auth/identity' });
  });

  it('accepts the scheme in any case and refuses credentials outside the header', async () => {
    const lower = await app.http.get('/v1/auth/identity', { headers: { authorization: `bearer ${app.webKey}` } });
    expect(lower.status, lower.text).toBe(200);
    expectError(await app.http.get(`/v1/auth/identity?access_token=${orgA.admin.token}`), 401, 'unauthorized');
    expectError(await app.http.get(`/v1/auth/identity?api_key=${app.webKey}`), 401, 'unauthorized');
  });

  it('401s an oversized or two-part bearer value as malformed', async () => {
    const send = (authorization: string) => app.http.get('/v1/auth/identity', { headers: { authorization } });
    expectError(await send(`Bearer ${'a'.repeat(5000)}`), 401, 'unauthorized');
    expectError(await send(`Bearer ${app.webKey} extra`), 401, 'unauthorized');
  });
});
