import { randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  mintSession,
  type OrgUser,
  operatorSession,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import {
  claimsFor,
  craftToken,
  DAY,
  giveEmptyConsoleRole,
  HOUR,
  identityOf,
  issueTokenAt,
  issueWithSecret,
  kidOf,
  type SessionSubject,
  subjectOf,
  tamperSignature,
} from './helpers/tokens.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let member: OrgUser;
/** The orgA member as a session subject with the web key as minting key. */
let memberViaWeb: SessionSubject;
let operatorId: string;

const renew = (key: string, token: unknown) => app.http.as(key).post('/v1/auth/sessions/renew', { token });

/** Asserts a successful renewal: a fresh 8-hour session for the same user, returned as `{ token, expires_at }`. */
async function expectRenewed(res: Awaited<ReturnType<typeof renew>>, userId: string, previous?: string) {
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'token']);
  expect(res.body.expires_at).toMatch(ISO_MS);
  const lifetime = Date.parse(res.body.expires_at) - Date.now();
  expect(lifetime).toBeGreaterThan(8 * HOUR - 10_000);
  expect(lifetime).toBeLessThanOrEqual(8 * HOUR + 1_000);
  if (previous !== undefined) expect(res.body.token).not.toBe(previous);
  const identity = await identityOf(app, res.body.token);
  expect(identity.user_id).toBe(userId);
  return { token: res.body.token as string, identity };
}

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  member = await addUser(app, orgA.admin.http);
  memberViaWeb = await subjectOf(app, member.token, app.webKey);
  operatorId = (await identityOf(app, await operatorSession(app))).user_id;
});
afterAll(() => app?.close());

describe('POST /v1/auth/sessions/renew: success', () => {
  it('returns a new token with a fresh 8-hour expiry', async () => {
    const old = await issueTokenAt(app, memberViaWeb, Date.now() - 2 * HOUR);
    const { identity } = await expectRenewed(await renew(app.webKey, old), member.user.id, old);
    expect(identity).toEqual({
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

  it('renews a freshly minted token', async () => {
    await expectRenewed(await renew(app.webKey, member.token), member.user.id);
  });

  it('renews an expired token within the 7-day window', async () => {
    for (const age of [9 * HOUR, 3 * DAY, 7 * DAY - HOUR]) {
      const expired = await issueTokenAt(app, memberViaWeb, Date.now() - age);
      expectError(await app.http.as(expired).get('/v1/auth/identity'), 401, 'invalid_credentials');
      await expectRenewed(await renew(app.webKey, expired), member.user.id, expired);
    }
  });

  it('refuses a token older than 7 days with 401 renew_window_expired', async () => {
    for (const age of [7 * DAY + 60_000, 30 * DAY]) {
      const old = await issueTokenAt(app, memberViaWeb, Date.now() - age);
      expectError(await renew(app.webKey, old), 401, 'renew_window_expired');
    }
  });

  it('reflects the current role of the user', async () => {
    const user = await addUser(app, orgA.admin.http, { role: 'member' });
    const promote = await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { role: 'admin' });
    expect(promote.status, promote.text).toBe(200);
    const promoted = await expectRenewed(await renew(app.webKey, user.token), user.user.id);
    expect(promoted.identity.role).toBe('admin');
    // The renewed session really acts as an admin.
    expect((await app.http.as(promoted.token).get('/v1/users')).status).toBe(200);

    const demote = await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { role: 'member' });
    expect(demote.status, demote.text).toBe(200);
    const demoted = await expectRenewed(await renew(app.webKey, promoted.token), user.user.id);
    expect(demoted.identity.role).toBe('member');
    expectError(await app.http.as(demoted.token).get('/v1/users'), 403, 'forbidden');
  });

  it('keeps the console access of the minting key through renewals', async () => {
    const viaWeb = await mintSession(app, app.webKey, app.operator.email, app.operator.password);
    const renewedWeb = await expectRenewed(await renew(app.webKey, viaWeb), operatorId);
    expect(renewedWeb.identity.can_access_console).toBe(false);
    const viaConsole = await mintSession(app, app.consoleKey, app.operator.email, app.operator.password);
    const renewedConsole = await expectRenewed(await renew(app.consoleKey, viaConsole), operatorId);
    expect(renewedConsole.identity.can_access_console).toBe(true);
  });
});

describe('POST /v1/auth/sessions/renew: the token', () => {
  it('401s a tampered signature as invalid_credentials, even on a token past the window', async () => {
    expectError(await renew(app.webKey, tamperSignature(member.token)), 401, 'invalid_credentials');
    const old = await issueTokenAt(app, memberViaWeb, Date.now() - 30 * DAY);
    expectError(await renew(app.webKey, tamperSignature(old)), 401, 'invalid_credentials');
  });

  it('401s a token signed with another secret, under its own or the genuine key id', async () => {
    const otherSecret = randomBytes(32);
    expectError(await renew(app.webKey, await issueWithSecret(otherSecret, memberViaWeb)), 401, 'invalid_credentials');
    const sameKid = await craftToken(
      otherSecret,
      { alg: 'HS256', kid: kidOf(member.token), typ: 'JWT' },
      claimsFor(memberViaWeb),
    );
    expectError(await renew(app.webKey, sameKid), 401, 'invalid_credentials');
  });

  it('401s a token that is not a token, or whose genuine claims name no user', async () => {
    expectError(await renew(app.webKey, 'not-a-token'), 401, 'invalid_credentials');
    expectError(await renew(app.webKey, app.webKey), 401, 'invalid_credentials');
    const nobody = await issueTokenAt(app, { ...memberViaWeb, userId: randomUUID() }, Date.now());
    expectError(await renew(app.webKey, nobody), 401, 'invalid_credentials');
    const unknownKey = await issueTokenAt(app, { ...memberViaWeb, apiKeyId: randomUUID() }, Date.now());
    expectError(await renew(app.webKey, unknownKey), 401, 'invalid_credentials');
  });

  it('400s a missing, empty, mistyped or oversized token and unknown fields', async () => {
    const key = app.http.as(app.webKey);
    expectError(await key.post('/v1/auth/sessions/renew', {}), 400, 'invalid_request');
    expectError(await key.post('/v1/auth/sessions/renew'), 400, 'invalid_request');
    expectError(await key.request('POST', '/v1/auth/sessions/renew', { raw: '{"token":' }), 400, 'invalid_request');
    for (const token of ['', null, 42, ['a'], 'x'.repeat(4097)]) {
      expectError(await key.post('/v1/auth/sessions/renew', { token }), 400, 'invalid_request');
    }
    expectError(
      await key.post('/v1/auth/sessions/renew', { token: member.token, extra: true }),
      400,
      'invalid_request',
    );
  });
});

describe('POST /v1/auth/sessions/renew: the presenting key', () => {
  it('401s a missing header, a session token in the header and an unknown key', async () => {
    expectError(await app.http.post('/v1/auth/sessions/renew', { token: member.token }), 401, 'unauthorized');
    expectError(await renew(member.token, member.token), 401, 'api_key_required');
    expectError(await renew(`atr_${'0'.repeat(40)}`, member.token), 401, 'invalid_credentials');
  });

  it('401s every key but the minting one, even a key of the user organization that could mint for them', async () => {
    const { key: keyOfA } = await createServiceAccountWithKey(orgA.admin.http);
    const { key: keyOfB } = await createServiceAccountWithKey(orgB.admin.http);
    // member.token was minted with the web key.
    for (const key of [keyOfA, keyOfB, app.consoleKey]) {
      expectError(await renew(key, member.token), 401, 'invalid_credentials');
    }
    const viaA = await mintSession(app, keyOfA, member.user.email, member.password);
    for (const key of [app.webKey, keyOfB, app.consoleKey]) {
      expectError(await renew(key, viaA), 401, 'invalid_credentials');
    }
    await expectRenewed(await renew(keyOfA, viaA), member.user.id);
    await expectRenewed(await renew(app.webKey, member.token), member.user.id);
  });

  it('never turns a web-key session into a console session', async () => {
    const viaWeb = await mintSession(app, app.webKey, app.operator.email, app.operator.password);
    expectError(await renew(app.consoleKey, viaWeb), 401, 'invalid_credentials');
    // Nor a console session into a web one, which would outlive the console key.
    const viaConsole = await mintSession(app, app.consoleKey, app.operator.email, app.operator.password);
    expectError(await renew(app.webKey, viaConsole), 401, 'invalid_credentials');
  });

  it('refuses a token whose claims name another key than the presenting one, even when genuinely signed', async () => {
    const { key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    const forKey = await issueTokenAt(app, { ...memberViaWeb, apiKeyId: keyRecord.id }, Date.now());
    await expectRenewed(await renew(key, forKey), member.user.id);
    expectError(await renew(app.webKey, forKey), 401, 'invalid_credentials');
  });

  it('ends the sessions of a revoked minting key at once, with their renewals, and refuses to renew them', async () => {
    const first = await createServiceAccountWithKey(orgA.admin.http);
    const second = await createServiceAccountWithKey(orgA.admin.http);
    const minted = await mintSession(app, first.key, member.user.email, member.password);
    const renewed = await expectRenewed(await renew(first.key, minted), member.user.id);
    const otherKeySession = await mintSession(app, second.key, member.user.email, member.password);

    const revokeFirst = await orgA.admin.http.delete(
      `/v1/service-accounts/${first.account.id}/api-keys/${first.keyRecord.id}`,
    );
    expect(revokeFirst.status, revokeFirst.text).toBe(204);
    for (const token of [minted, renewed.token]) {
      expectError(await app.http.as(token).get('/v1/auth/identity'), 401, 'invalid_credentials');
      expectError(await renew(first.key, token), 401, 'invalid_credentials');
      expectError(await renew(second.key, token), 401, 'invalid_credentials');
      expectError(await renew(app.webKey, token), 401, 'invalid_credentials');
    }
    // The other key's sessions carry on.
    await expectRenewed(await renew(second.key, otherKeySession), member.user.id);
  });

  it('ends the sessions of a suspended service account and refuses to renew them', async () => {
    const { account, key } = await createServiceAccountWithKey(orgA.admin.http);
    const minted = await mintSession(app, key, member.user.email, member.password);
    const suspend = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: true });
    expect(suspend.status, suspend.text).toBe(200);
    expectError(await app.http.as(minted).get('/v1/auth/identity'), 401, 'invalid_credentials');
    expectError(await renew(key, minted), 401, 'invalid_credentials');
    expectError(await renew(app.webKey, minted), 401, 'invalid_credentials');
  });
});

describe('POST /v1/auth/sessions/renew: suspensions and console roles', () => {
  it('refuses a suspended user, and renews again once unsuspended', async () => {
    const user = await addUser(app, orgA.admin.http);
    expect((await orgA.admin.http.post(`/v1/users/${user.user.id}/suspend`)).status).toBe(200);
    expectError(await renew(app.webKey, user.token), 401, 'invalid_credentials');
    expect((await orgA.admin.http.post(`/v1/users/${user.user.id}/unsuspend`)).status).toBe(200);
    await expectRenewed(await renew(app.webKey, user.token), user.user.id);
  });

  it('refuses a suspended organization with 401 invalid_credentials, and renews again once unsuspended', async () => {
    const org = await createOrgWithAdmin(app);
    const { key } = await createServiceAccountWithKey(org.admin.http);
    const consoleKey = app.http.as(app.consoleKey);
    const viaOwnKey = await mintSession(app, key, org.admin.user.email, org.admin.password);
    expect((await consoleKey.post(`/v1/admin/organizations/${org.org.id}/suspend`)).status).toBe(200);
    expectError(await renew(app.webKey, org.admin.token), 401, 'invalid_credentials');
    expectError(await renew(key, viaOwnKey), 401, 'invalid_credentials');
    expect((await consoleKey.post(`/v1/admin/organizations/${org.org.id}/unsuspend`)).status).toBe(200);
    await expectRenewed(await renew(app.webKey, org.admin.token), org.admin.user.id);
    await expectRenewed(await renew(key, viaOwnKey), org.admin.user.id);
  });

  it('403s no_console_role on a console-key renewal for a member whose console role grants nothing', async () => {
    const ids = await seedIds(app);
    const created = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
      firstName: 'Sam',
      lastName: 'Sales',
      email: `${unique('sales')}@atrium.test`,
      role: 'member',
      consoleRoleId: ids.salesRoleId,
    });
    expect(created.status, created.text).toBe(201);
    const token = await mintSession(app, app.consoleKey, created.body.user.email, created.body.password);
    await expectRenewed(await renew(app.consoleKey, token), created.body.user.id);
    const webToken = await mintSession(app, app.webKey, created.body.user.email, created.body.password);

    await giveEmptyConsoleRole(app, created.body.user.id);
    expectError(await renew(app.consoleKey, token), 403, 'no_console_role');
    // The web key has no console access, so no console role is needed to renew its sessions.
    const viaWeb = await expectRenewed(await renew(app.webKey, webToken), created.body.user.id);
    expect(viaWeb.identity.can_access_console).toBe(false);
  });
});

describe('POST /v1/auth/sessions/renew: the 30-day lifetime of a sign-in', () => {
  const MINUTE = 60_000;
  /** A genuine token of the member (web key) issued `issuedAgo` ms ago, with the given `auth_time` claim. */
  const tokenWith = (issuedAgo: number, authTime?: unknown) => {
    const claims = claimsFor(memberViaWeb, Date.now() - issuedAgo);
    const header = { alg: 'HS256', kid: kidOf(member.token), typ: 'JWT' };
    return craftToken(
      app.config.jwtSecret,
      header,
      authTime === undefined ? claims : { ...claims, auth_time: authTime },
    );
  };
  const secondsAgo = (ms: number) => Math.floor((Date.now() - ms) / 1000);

  it('stamps a minted session with its sign-in time and carries that time through every renewal', async () => {
    const minted = await mintSession(app, app.webKey, member.user.email, member.password);
    const mintedClaims = decodeJwt(minted);
    expect(mintedClaims.auth_time).toBe(mintedClaims.iat);

    const signedIn = secondsAgo(10 * DAY);
    const first = await expectRenewed(await renew(app.webKey, await tokenWith(HOUR, signedIn)), member.user.id);
    expect(decodeJwt(first.token).auth_time).toBe(signedIn);
    const second = await expectRenewed(await renew(app.webKey, first.token), member.user.id);
    expect(decodeJwt(second.token).auth_time).toBe(signedIn);
    // Issued now, for the sign-in of ten days ago.
    expect(decodeJwt(second.token).iat).toBeGreaterThanOrEqual(secondsAgo(MINUTE));
  });

  it('renews until 30 days after the sign-in, the last token ending with those 30 days', async () => {
    const signedIn = secondsAgo(30 * DAY - HOUR);
    const res = await renew(app.webKey, await tokenWith(2 * HOUR, signedIn));
    expect(res.status, res.text).toBe(200);
    expect(Date.parse(res.body.expires_at)).toBe((signedIn + 30 * 86_400) * 1000);
    expect(decodeJwt(res.body.token).exp).toBe(signedIn + 30 * 86_400);
    expect((await identityOf(app, res.body.token)).user_id).toBe(member.user.id);
  });

  it('refuses a renewal more than 30 days after the sign-in with 401 renew_window_expired', async () => {
    for (const [issuedAgo, signedInAgo] of [
      [HOUR, 30 * DAY + MINUTE],
      [6 * DAY, 45 * DAY],
    ] as const) {
      const res = await renew(app.webKey, await tokenWith(issuedAgo, secondsAgo(signedInAgo)));
      expectError(res, 401, 'renew_window_expired');
      expect(res.body.error).toMatch(/30 days/);
    }
  });

  it('counts a token issued before the auth_time claim existed from its own iat', async () => {
    for (const age of [2 * HOUR, 6 * DAY]) {
      const legacy = await tokenWith(age);
      expect(decodeJwt(legacy).auth_time).toBeUndefined();
      const renewed = await expectRenewed(await renew(app.webKey, legacy), member.user.id);
      expect(decodeJwt(renewed.token).auth_time).toBe(decodeJwt(legacy).iat);
    }
  });

  it('401s a genuinely signed token whose auth_time is not a number', async () => {
    for (const authTime of ['yesterday', null, [1]]) {
      expectError(await renew(app.webKey, await tokenWith(HOUR, authTime)), 401, 'invalid_credentials');
    }
  });
});
