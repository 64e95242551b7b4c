import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  mintSession,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import { clearConsoleRole, giveEmptyConsoleRole, identityOf } from './helpers/tokens.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let ids: Awaited<ReturnType<typeof seedIds>>;

const mint = (key: string, email: string, password: string) =>
  app.http.as(key).post('/v1/auth/sessions', { email, password });

/** A system-organization member holding the given console role, created through the console. */
async function systemMember(consoleRoleId: string) {
  const res = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
    firstName: 'Sys',
    lastName: 'Member',
    email: `${unique('sys')}@atrium.test`,
    role: 'member',
    consoleRoleId,
  });
  expect(res.status, res.text).toBe(201);
  return { user: res.body.user, password: res.body.password as string };
}

beforeAll(async () => {
  app = await startTestApp();
  ids = await seedIds(app);
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

describe('POST /v1/auth/sessions: who may mint for whom', () => {
  it('mints an 8-hour session for a user of the key organization', async () => {
    const before = app.clock.now().getTime();
    const res = await mint(app.consoleKey, app.operator.email, app.operator.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'token']);
    expect(res.body.expires_at).toMatch(ISO_MS);
    const lifetime = Date.parse(res.body.expires_at) - before;
    expect(lifetime).toBeGreaterThan(8 * 3600_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(8 * 3600_000 + 1_000);
    const identity = await identityOf(app, res.body.token);
    expect(identity).toMatchObject({
      credential_type: 'session_token',
      organization_id: ids.systemOrgId,
      role: 'admin',
      api_key_id: null,
      service_account_id: null,
      can_mint_cross_org: false,
      can_access_console: true,
    });
    expect(identity.user_id).toMatch(UUID);
  });

  it('lets the cross-org web key mint for a user of any organization, without console access', async () => {
    const res = await mint(app.webKey, orgA.admin.user.email, orgA.admin.password);
    expect(res.status, res.text).toBe(200);
    expect(await identityOf(app, res.body.token)).toEqual({
      credential_type: 'session_token',
      user_id: orgA.admin.user.id,
      organization_id: orgA.org.id,
      role: 'admin',
      api_key_id: null,
      service_account_id: null,
      can_mint_cross_org: false,
      can_access_console: false,
    });
    const operator = await mint(app.webKey, app.operator.email, app.operator.password);
    expect(operator.status, operator.text).toBe(200);
    expect(await identityOf(app, operator.body.token)).toMatchObject({
      organization_id: ids.systemOrgId,
      role: 'admin',
      can_access_console: false,
    });
  });

  it("lets an organization's service account key mint for its users only, with the user's own role", async () => {
    const member = await addUser(app, orgA.admin.http, { role: 'member' });
    const { key } = await createServiceAccountWithKey(orgA.admin.http, 'member');
    const asAdmin = await mint(key, orgA.admin.user.email, orgA.admin.password);
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(await identityOf(app, asAdmin.body.token)).toMatchObject({
      user_id: orgA.admin.user.id,
      organization_id: orgA.org.id,
      role: 'admin',
      can_access_console: false,
      can_mint_cross_org: false,
    });
    const asMember = await mint(key, member.user.email, member.password);
    expect(asMember.status, asMember.text).toBe(200);
    expect(await identityOf(app, asMember.body.token)).toMatchObject({ user_id: member.user.id, role: 'member' });

    const wrongPassword = await mint(key, orgA.admin.user.email, 'not-the-password');
    const otherOrg = await mint(key, orgB.admin.user.email, orgB.admin.password);
    const systemOrg = await mint(key, app.operator.email, app.operator.password);
    for (const res of [otherOrg, systemOrg]) {
      expectError(res, 401, 'invalid_credentials');
      // A user of another organization is indistinguishable from a wrong password.
      expect(res.body.error).toBe(wrongPassword.body.error);
    }
  });

  it('lets the console key mint only for its own organization', async () => {
    expectError(await mint(app.consoleKey, orgA.admin.user.email, orgA.admin.password), 401, 'invalid_credentials');
    const member = await addUser(app, orgB.admin.http);
    expectError(await mint(app.consoleKey, member.user.email, member.password), 401, 'invalid_credentials');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await mint(app.webKey, orgA.admin.user.email, 'not-the-password');
    const unknown = await mint(app.webKey, 'nobody@example.test', 'whatever-password');
    expectError(wrong, 401, 'invalid_credentials');
    expectError(unknown, 401, 'invalid_credentials');
    expect(wrong.body.error).toBe(unknown.body.error);
  });

  it('matches the email trimmed and case-insensitively, the password exactly', async () => {
    const res = await mint(app.webKey, `  ${orgA.admin.user.email.toUpperCase()} `, orgA.admin.password);
    expect(res.status, res.text).toBe(200);
    expect((await identityOf(app, res.body.token)).user_id).toBe(orgA.admin.user.id);
    expectError(
      await mint(app.webKey, orgA.admin.user.email, orgA.admin.password.toUpperCase()),
      401,
      'invalid_credentials',
    );
    expectError(await mint(app.webKey, orgA.admin.user.email, ` ${orgA.admin.password}`), 401, 'invalid_credentials');
  });

  it('keeps sessions valid after a password change', async () => {
    const user = await addUser(app, orgA.admin.http);
    const token = await mintSession(app, app.webKey, user.user.email, user.password);
    const change = await app.http.as(token).post('/v1/users/me/password', {
      current_password: user.password,
      new_password: 'a-brand-new-password',
    });
    expect(change.status).toBe(204);
    expect((await app.http.as(token).get('/v1/auth/identity')).status).toBe(200);
    expect((await user.http.get('/v1/auth/identity')).status).toBe(200);
    expectError(await mint(app.webKey, user.user.email, user.password), 401, 'invalid_credentials');
    expect((await mint(app.webKey, user.user.email, 'a-brand-new-password')).status).toBe(200);
  });
});

describe('POST /v1/auth/sessions: the minting credential', () => {
  const body = () => ({ email: orgA.admin.user.email, password: orgA.admin.password });

  it('refuses a session token, genuine or forged, with 401 api_key_required', async () => {
    expectError(await orgA.admin.http.post('/v1/auth/sessions', body()), 401, 'api_key_required');
    const forged = `${orgA.admin.token.slice(0, -4)}AAAA`;
    expectError(await app.http.as(forged).post('/v1/auth/sessions', body()), 401, 'api_key_required');
  });

  it('401s a missing or malformed header as unauthorized and an unknown key as invalid_credentials', async () => {
    expectError(await app.http.post('/v1/auth/sessions', body()), 401, 'unauthorized');
    const send = (authorization: string) =>
      app.http.request('POST', '/v1/auth/sessions', { body: body(), headers: { authorization } });
    expectError(await send('Basic dXNlcjpwYXNz'), 401, 'unauthorized');
    expectError(await send('Bearer'), 401, 'unauthorized');
    expectError(await send(`Bearer ${app.webKey} ${app.webKey}`), 401, 'unauthorized');
    expectError(await send(app.webKey), 401, 'unauthorized');
    expectError(await send(`Bearer ${app.webKey}x`), 401, 'invalid_credentials');
    expectError(await send(`Bearer atr_${'0'.repeat(40)}`), 401, 'invalid_credentials');
  });

  it('refuses a revoked key and the sessions it minted at once', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    const token = await mintSession(app, key, orgA.admin.user.email, orgA.admin.password);
    const revoke = await orgA.admin.http.delete(`/v1/service-accounts/${account.id}/api-keys/${keyRecord.id}`);
    expect(revoke.status, revoke.text).toBe(204);
    expectError(await mint(key, orgA.admin.user.email, orgA.admin.password), 401, 'invalid_credentials');
    expectError(await app.http.as(token).get('/v1/auth/identity'), 401, 'invalid_credentials');
    expectError(await app.http.as(key).get('/v1/auth/identity'), 401, 'invalid_credentials');
  });

  it('refuses the key of a suspended service account and the sessions it minted', async () => {
    const { account, key } = await createServiceAccountWithKey(orgA.admin.http);
    const token = await mintSession(app, key, orgA.admin.user.email, orgA.admin.password);
    const suspend = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: true });
    expect(suspend.status, suspend.text).toBe(200);
    expectError(await mint(key, orgA.admin.user.email, orgA.admin.password), 401, 'invalid_credentials');
    expectError(await app.http.as(token).get('/v1/auth/identity'), 401, 'invalid_credentials');
    expectError(await app.http.as(key).get('/v1/auth/identity'), 401, 'invalid_credentials');
  });

  it('refuses an expired key and the sessions it minted', async () => {
    const { account } = await createServiceAccountWithKey(orgA.admin.http);
    const expiresAt = new Date(app.clock.now().getTime() + 60_000);
    const issued = await orgA.admin.http.post(`/v1/service-accounts/${account.id}/api-keys`, {
      name: 'short-lived',
      expires_at: expiresAt.toISOString(),
    });
    expect(issued.status, issued.text).toBe(201);
    const token = await mintSession(app, issued.body.key, orgA.admin.user.email, orgA.admin.password);
    expect((await app.http.as(token).get('/v1/auth/identity')).status).toBe(200);
    app.clock.advanceTo(expiresAt);
    expectError(await mint(issued.body.key, orgA.admin.user.email, orgA.admin.password), 401, 'invalid_credentials');
    expectError(await app.http.as(token).get('/v1/auth/identity'), 401, 'invalid_credentials');
  });
});

describe('POST /v1/auth/sessions: body validation', () => {
  it('400s a missing field, an unknown field and a non-JSON body', async () => {
    const key = app.http.as(app.webKey);
    expectError(await key.post('/v1/auth/sessions', { email: orgA.admin.user.email }), 400, 'invalid_request');
    expectError(await key.post('/v1/auth/sessions', { password: 'some-password' }), 400, 'invalid_request');
    expectError(
      await key.post('/v1/auth/sessions', { email: 'a@b.test', password: 'x', extra: 1 }),
      400,
      'invalid_request',
    );
    expectError(await key.request('POST', '/v1/auth/sessions', { raw: '{not json' }), 400, 'invalid_request');
    expectError(await key.post('/v1/auth/sessions'), 400, 'invalid_request');
    expectError(await key.post('/v1/auth/sessions', {}), 400, 'invalid_request');
  });

  it('400s wrongly typed, empty, malformed and oversized values', async () => {
    const key = app.http.as(app.webKey);
    const { email } = orgA.admin.user;
    for (const bad of [
      { email, password: '' },
      { email, password: 12345678901234 },
      { email, password: null },
      { email, password: 'x'.repeat(257) },
      { email: 'not-an-email', password: 'some-password' },
      { email: '', password: 'some-password' },
      { email: 42, password: 'some-password' },
      { email: `${'a'.repeat(250)}@example.test`, password: 'some-password' },
    ]) {
      expectError(await key.post('/v1/auth/sessions', bad), 400, 'invalid_request');
    }
    expectError(await key.post('/v1/auth/sessions', [email, orgA.admin.password]), 400, 'invalid_request');
  });

  it('checks the credential before the body', async () => {
    expectError(await app.http.post('/v1/auth/sessions', { nonsense: true }), 401, 'unauthorized');
    expectError(await orgA.admin.http.post('/v1/auth/sessions', { nonsense: true }), 401, 'api_key_required');
  });
});

describe('POST /v1/auth/sessions: suspensions', () => {
  it('refuses a suspended user at mint and on their next request, and lets them in again once unsuspended', async () => {
    const member = await addUser(app, orgA.admin.http);
    const suspend = await orgA.admin.http.post(`/v1/users/${member.user.id}/suspend`);
    expect(suspend.status, suspend.text).toBe(200);
    expect(suspend.body.is_suspended).toBe(true);

    const refused = await mint(app.webKey, member.user.email, member.password);
    expectError(refused, 401, 'invalid_credentials');
    const wrongPassword = await mint(app.webKey, orgA.admin.user.email, 'not-the-password');
    expect(refused.body.error).toBe(wrongPassword.body.error);
    expectError(await member.http.get('/v1/auth/identity'), 401, 'invalid_credentials');
    expectError(await member.http.get('/v1/users/me'), 401, 'invalid_credentials');
    // Others of the organization are untouched.
    expect((await orgA.admin.http.get('/v1/auth/identity')).status).toBe(200);

    const unsuspend = await orgA.admin.http.post(`/v1/users/${member.user.id}/unsuspend`);
    expect(unsuspend.status, unsuspend.text).toBe(200);
    const again = await mint(app.webKey, member.user.email, member.password);
    expect(again.status, again.text).toBe(200);
    expect((await identityOf(app, again.body.token)).user_id).toBe(member.user.id);
  });

  it('gives a suspended organization 401 at mint and 403 org_suspended elsewhere, until unsuspended', async () => {
    const org = await createOrgWithAdmin(app);
    const member = await addUser(app, org.admin.http);
    const { key } = await createServiceAccountWithKey(org.admin.http);
    const keySession = await mintSession(app, key, member.user.email, member.password);

    const consoleKey = app.http.as(app.consoleKey);
    const suspend = await consoleKey.post(`/v1/admin/organizations/${org.org.id}/suspend`);
    expect(suspend.status, suspend.text).toBe(200);

    expectError(await mint(app.webKey, member.user.email, member.password), 401, 'invalid_credentials');
    expectError(await mint(key, member.user.email, member.password), 401, 'invalid_credentials');
    expectError(await mint(app.webKey, org.admin.user.email, org.admin.password), 401, 'invalid_credentials');
    for (const credential of [member.token, org.admin.token, keySession, key]) {
      expectError(await app.http.as(credential).get('/v1/auth/identity'), 403, 'org_suspended');
    }
    // Other organizations carry on.
    expect((await orgA.admin.http.get('/v1/auth/identity')).status).toBe(200);
    expect((await mint(app.webKey, orgA.admin.user.email, orgA.admin.password)).status).toBe(200);

    const unsuspend = await consoleKey.post(`/v1/admin/organizations/${org.org.id}/unsuspend`);
    expect(unsuspend.status, unsuspend.text).toBe(200);
    for (const credential of [member.token, keySession, key]) {
      expect((await app.http.as(credential).get('/v1/auth/identity')).status).toBe(200);
    }
    expect((await mint(app.webKey, member.user.email, member.password)).status).toBe(200);
    expect((await mint(key, member.user.email, member.password)).status).toBe(200);
  });
});

describe('POST /v1/auth/sessions: console keys and console roles', () => {
  it('mints for a system member with a console role, carrying console access and the role sections', async () => {
    const sales = await systemMember(ids.salesRoleId);
    const res = await mint(app.consoleKey, sales.user.email, sales.password);
    expect(res.status, res.text).toBe(200);
    expect(await identityOf(app, res.body.token)).toMatchObject({
      user_id: sales.user.id,
      organization_id: ids.systemOrgId,
      role: 'member',
      can_access_console: true,
    });
    const me = await app.http.as(res.body.token).get('/v1/users/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ console_role: 'Sales', console_sections: ['sales'] });
  });

  it('403s no_console_role for a member whose console role grants no section, after the password check', async () => {
    const member = await systemMember(ids.salesRoleId);
    await giveEmptyConsoleRole(app, member.user.id);
    const res = await mint(app.consoleKey, member.user.email, member.password);
    expectError(res, 403, 'no_console_role');
    expect(res.body.error).toMatch(/console role/i);
    // A wrong password says nothing about the console role.
    expectError(await mint(app.consoleKey, member.user.email, 'not-the-password'), 401, 'invalid_credentials');
    // A key without console access has no console-role requirement.
    const viaWeb = await mint(app.webKey, member.user.email, member.password);
    expect(viaWeb.status, viaWeb.text).toBe(200);
    expect(await identityOf(app, viaWeb.body.token)).toMatchObject({ can_access_console: false });
  });

  it('403s no_console_role for a member without any console role', async () => {
    const member = await systemMember(ids.operatorRoleId);
    expect((await mint(app.consoleKey, member.user.email, member.password)).status).toBe(200);
    await clearConsoleRole(app, member.user.id);
    expectError(await mint(app.consoleKey, member.user.email, member.password), 403, 'no_console_role');
    expectError(await mint(app.consoleKey, member.user.email, `${member.password}x`), 401, 'invalid_credentials');
    expect((await mint(app.webKey, member.user.email, member.password)).status).toBe(200);
  });

  it('lets a system admin without a console role mint with the console key', async () => {
    const res = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
      firstName: 'Sys',
      lastName: 'Admin',
      email: `${unique('sysadmin')}@atrium.test`,
      role: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user.console_role_id).toBeNull();
    const session = await mint(app.consoleKey, res.body.user.email, res.body.password);
    expect(session.status, session.text).toBe(200);
    expect(await identityOf(app, session.body.token)).toMatchObject({ role: 'admin', can_access_console: true });
  });
});
