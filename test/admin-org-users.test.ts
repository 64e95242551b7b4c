import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import { SERVICE_ACCOUNT_FIELDS, USER_FIELDS } from './helpers/fields.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  mintSession,
  operatorSession,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let consoleKey: Client;
let ids: Awaited<ReturnType<typeof seedIds>>;
/** An organization whose admin and key serve as wrong caller classes, and whose users are the security targets. */
let orgX: TestOrg;
/** The bootstrap operator's session through the console key (system-org admin, all sections). */
let operator: { token: string; id: string; http: Client };
/** Callers that hold no `organizations` console section: each must get 403 admin_required. */
let denied: { credential: string; code: string }[];

const usersPath = (orgId: string) => `/v1/admin/organizations/${orgId}/users`;
const userPath = (orgId: string, userId: string) => `/v1/admin/organizations/${orgId}/users/${userId}`;

/** A raw mint attempt, for asserting refusals. */
const signIn = (key: string, email: string, password: string) =>
  app.http.as(key).post('/v1/auth/sessions', { email, password });

const createOrg = async (name = unique('Org')) => {
  const res = await consoleKey.post('/v1/admin/organizations', { name });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

/** A user created through the console; returns `{ user, password }`. */
const createUser = async (
  orgId: string,
  fields: { email?: string; role?: 'admin' | 'member'; consoleRoleId?: string; firstName?: string } = {},
) => {
  const res = await consoleKey.post(usersPath(orgId), {
    firstName: fields.firstName ?? 'Uma',
    lastName: 'User',
    email: fields.email ?? `${unique('user')}@example.test`,
    role: fields.role ?? 'member',
    ...(fields.consoleRoleId ? { consoleRoleId: fields.consoleRoleId } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { user: any; password: string };
};

/** A system-organization member with the given console role, signed in with the console key. */
const systemMember = async (consoleRoleId: string) => {
  const created = await createUser(ids.systemOrgId, {
    email: `${unique('staff')}@atrium.test`,
    consoleRoleId,
  });
  const token = await mintSession(app, app.consoleKey, created.user.email, created.password);
  return { ...created, token, http: app.http.as(token) };
};

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  ids = await seedIds(app);
  orgX = await createOrgWithAdmin(app);
  const operatorToken = await operatorSession(app);
  const me = await app.http.as(operatorToken).get('/v1/users/me');
  expect(me.status, me.text).toBe(200);
  operator = { token: operatorToken, id: me.body.id, http: app.http.as(operatorToken) };

  const sales = await systemMember(ids.salesRoleId);
  const accessRole = await consoleKey.post('/v1/admin/console-roles', {
    name: unique('AccessOnly'),
    sections: ['access'],
  });
  expect(accessRole.status, accessRole.text).toBe(201);
  const accessOnly = await systemMember(accessRole.body.id);
  const orgXAdminKey = await createServiceAccountWithKey(orgX.admin.http, 'admin');
  const operatorViaWeb = await mintSession(app, app.webKey, app.operator.email, app.operator.password);
  denied = [
    { credential: orgX.admin.token, code: 'admin_required' },
    { credential: orgXAdminKey.key, code: 'admin_required' },
    { credential: app.webKey, code: 'admin_required' },
    { credential: operatorViaWeb, code: 'admin_required' },
    { credential: sales.token, code: 'admin_required' },
    { credential: accessOnly.token, code: 'admin_required' },
  ];
});
afterAll(() => app?.close());

describe('GET /v1/admin/organizations/:id/users', () => {
  it('lists every live user, suspended ones too, sorted by email, with the total and no further page', async () => {
    const org = await createOrg();
    const tag = unique('list');
    const mia = await createUser(org.id, { email: `mia.${tag}@example.test`, role: 'admin' });
    const zed = await createUser(org.id, { email: `zed.${tag}@example.test` });
    const amy = await createUser(org.id, { email: `amy.${tag}@example.test` });
    const gone = await createUser(org.id, { email: `bob.${tag}@example.test` });
    await createUser(orgX.org.id, { email: `abe.${tag}@example.test` });
    expect((await consoleKey.post(`${userPath(org.id, zed.user.id)}/suspend`)).status).toBe(200);
    expect((await consoleKey.delete(userPath(org.id, gone.user.id))).status).toBe(204);

    const res = await consoleKey.get(usersPath(org.id));
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor', 'total']);
    expect(res.body).toMatchObject({ has_more: false, next_cursor: null, total: 3 });
    expect(res.body.data.map((u: any) => u.id)).toEqual([amy.user.id, mia.user.id, zed.user.id]);
    for (const u of res.body.data) {
      expect(Object.keys(u).sort()).toEqual(USER_FIELDS);
      expect(u).toMatchObject({ organization_id: org.id, organization_name: org.name });
    }
    expect(res.body.data.map((u: any) => u.is_suspended)).toEqual([false, false, true]);
  });

  it('answers an organization without users with an empty list', async () => {
    const org = await createOrg();
    const res = await consoleKey.get(usersPath(org.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], has_more: false, next_cursor: null, total: 0 });
  });

  it("still lists a deleted organization's users", async () => {
    const org = await createOrg();
    const { user } = await createUser(org.id);
    expect((await consoleKey.delete(`/v1/admin/organizations/${org.id}`)).status).toBe(200);
    const res = await consoleKey.get(usersPath(org.id));
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.data.map((u: any) => u.id)).toEqual([user.id]);
  });

  it('404s an unknown organization', async () => {
    expectError(await consoleKey.get(usersPath(randomId())), 404, 'not_found');
    expectError(await consoleKey.get(usersPath('not-a-uuid')), 404, 'not_found');
  });

  it('is open to the operator session and refuses callers without the organizations section', async () => {
    expect((await operator.http.get(usersPath(orgX.org.id))).status).toBe(200);
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/admin/organizations/:id/users',
      path: usersPath(orgX.org.id),
      forbidden: denied,
    });
  });
});

describe('GET /v1/admin/organizations/:id/users/:userId', () => {
  it('returns the user view', async () => {
    const org = await createOrg();
    const email = `${unique('Get.Me')}@Example.test`;
    const created = await createUser(org.id, { email, firstName: 'Gia' });
    const res = await consoleKey.get(userPath(org.id, created.user.id));
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(USER_FIELDS);
    expect(res.body).toEqual(created.user);
    expect(res.body).toMatchObject({
      id: created.user.id,
      organization_id: org.id,
      organization_name: org.name,
      organization_is_system: false,
      first_name: 'Gia',
      last_name: 'User',
      display_name: 'Gia User',
      email: email.toLowerCase(),
      role: 'member',
      is_suspended: false,
      is_developer: false,
      console_role_id: null,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_MS);
    expect(res.body.updated_at).toMatch(ISO_MS);
  });

  it('shows a system user with their console role', async () => {
    const member = await createUser(ids.systemOrgId, {
      email: `${unique('sys')}@atrium.test`,
      consoleRoleId: ids.salesRoleId,
    });
    const res = await consoleKey.get(userPath(ids.systemOrgId, member.user.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organization_is_system: true, console_role_id: ids.salesRoleId });
  });

  it("404s a user of another organization under this organization's path, and unknown ids", async () => {
    const org = await createOrg();
    expectError(await consoleKey.get(userPath(org.id, orgX.admin.user.id)), 404, 'not_found');
    expectError(await consoleKey.get(userPath(org.id, randomId())), 404, 'not_found');
    expectError(await consoleKey.get(userPath(randomId(), orgX.admin.user.id)), 404, 'not_found');
    expectError(await consoleKey.get(userPath(org.id, 'not-a-uuid')), 404, 'not_found');
  });

  it('refuses callers without the organizations section', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/admin/organizations/:id/users/:userId',
      path: userPath(orgX.org.id, orgX.admin.user.id),
      forbidden: denied,
    });
  });
});

describe('PATCH /v1/admin/organizations/:id/users/:userId', () => {
  it('updates names, display name (null resets it), role and developer flag, in either spelling', async () => {
    const org = await createOrg();
    const { user } = await createUser(org.id);
    const path = userPath(org.id, user.id);

    const named = await consoleKey.patch(path, { firstName: 'Grace', last_name: 'Hopper', displayName: 'Amazing' });
    expect(named.status, named.text).toBe(200);
    expect(Object.keys(named.body).sort()).toEqual(USER_FIELDS);
    expect(named.body).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', display_name: 'Amazing' });

    const reset = await consoleKey.patch(path, { display_name: null });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.display_name).toBe('Grace Hopper');

    const promoted = await consoleKey.patch(path, { role: 'admin', isDeveloper: true });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'admin', is_developer: true });

    const dropped = await consoleKey.patch(path, { is_developer: false, firstName: '  Ada  ' });
    expect(dropped.status, dropped.text).toBe(200);
    expect(dropped.body).toMatchObject({ is_developer: false, first_name: 'Ada', display_name: 'Ada Hopper' });

    expect((await consoleKey.get(path)).body).toEqual(dropped.body);
  });

  it('400s unknown keys and invalid values with invalid_request', async () => {
    const org = await createOrg();
    const { user } = await createUser(org.id);
    const path = userPath(org.id, user.id);
    for (const body of [
      { email: 'new@example.test' },
      { isSuspended: true },
      { is_suspended: true },
      { password: 'a-long-enough-password' },
      { role: 'owner' },
      { firstName: '' },
      { lastName: '   ' },
      { firstName: 'x'.repeat(256) },
      { displayName: '' },
      { isDeveloper: 'yes' },
      { consoleRoleId: 'not-a-uuid' },
      { firstName: 'A', first_name: 'B' },
    ]) {
      expectError(await consoleKey.patch(path, body), 400, 'invalid_request');
    }
    expectError(await consoleKey.request('PATCH', path, { raw: '{"firstName":' }), 400, 'invalid_request');
    expect((await consoleKey.get(path)).body).toEqual(user);
  });

  it('applies the console-role rules with 400 validation_error', async () => {
    // A console role on a user outside the system organization.
    const org = await createOrg();
    const outsider = await createUser(org.id);
    for (const consoleRoleId of [ids.salesRoleId, null]) {
      expectError(
        await consoleKey.patch(userPath(org.id, outsider.user.id), { consoleRoleId }),
        400,
        'validation_error',
      );
    }

    // A system-org member: the role may change to another existing one, never to none or to an unknown one.
    const member = await createUser(ids.systemOrgId, {
      email: `${unique('member')}@atrium.test`,
      consoleRoleId: ids.salesRoleId,
    });
    const memberPath = userPath(ids.systemOrgId, member.user.id);
    expectError(await consoleKey.patch(memberPath, { consoleRoleId: null }), 400, 'validation_error');
    expectError(await consoleKey.patch(memberPath, { console_role_id: randomId() }), 400, 'validation_error');
    const switched = await consoleKey.patch(memberPath, { consoleRoleId: ids.operatorRoleId });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.console_role_id).toBe(ids.operatorRoleId);
    // As an admin the member needs no console role.
    const promoted = await consoleKey.patch(memberPath, { role: 'admin', consoleRoleId: null });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'admin', console_role_id: null });

    // A system-org admin without a console role cannot be demoted until given one.
    const admin = await createUser(ids.systemOrgId, { email: `${unique('admin')}@atrium.test`, role: 'admin' });
    const adminPath = userPath(ids.systemOrgId, admin.user.id);
    expectError(await consoleKey.patch(adminPath, { role: 'member' }), 400, 'validation_error');
    expect((await consoleKey.get(adminPath)).body).toMatchObject({ role: 'admin', console_role_id: null });
    const demoted = await consoleKey.patch(adminPath, { role: 'member', consoleRoleId: ids.salesRoleId });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body).toMatchObject({ role: 'member', console_role_id: ids.salesRoleId });
  });

  it("409s the caller's own role change but lets them edit their own names", async () => {
    const path = userPath(ids.systemOrgId, operator.id);
    expectError(await operator.http.patch(path, { role: 'member' }), 409, 'self_action_conflict');
    expectError(
      await operator.http.patch(path, { role: 'member', consoleRoleId: ids.salesRoleId }),
      409,
      'self_action_conflict',
    );
    const renamed = await operator.http.patch(path, { displayName: 'Chief Operator', lastName: 'Operator' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id: operator.id, role: 'admin', display_name: 'Chief Operator' });
    const reset = await operator.http.patch(path, { displayName: null });
    expect(reset.body.display_name).toBe('Platform Operator');
    expect((await operator.http.get(usersPath(ids.systemOrgId))).status).toBe(200);
  });

  it("409s demoting the organization's only active admin", async () => {
    const org = await createOrgWithAdmin(app);
    const path = userPath(org.org.id, org.admin.user.id);
    expectError(await consoleKey.patch(path, { role: 'member' }), 409, 'last_active_admin');
    // A suspended second admin does not count as active.
    const second = await addUser(app, org.admin.http, { role: 'admin' });
    expect((await consoleKey.post(`${userPath(org.org.id, second.user.id)}/suspend`)).status).toBe(200);
    expectError(await consoleKey.patch(path, { role: 'member' }), 409, 'last_active_admin');
    expect((await consoleKey.get(path)).body.role).toBe('admin');
    expect((await consoleKey.post(`${userPath(org.org.id, second.user.id)}/unsuspend`)).status).toBe(200);
    const demoted = await consoleKey.patch(path, { role: 'member' });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.role).toBe('member');
  });

  it("changes the target's access on their next request", async () => {
    const org = await createOrgWithAdmin(app);
    await addUser(app, org.admin.http, { role: 'admin' });
    expect((await org.admin.http.get('/v1/users')).status).toBe(200);
    const path = userPath(org.org.id, org.admin.user.id);
    expect((await consoleKey.patch(path, { role: 'member' })).status).toBe(200);
    expectError(await org.admin.http.get('/v1/users'), 403, 'forbidden');
    expect((await consoleKey.patch(path, { role: 'admin' })).status).toBe(200);
    expect((await org.admin.http.get('/v1/users')).status).toBe(200);
  });

  it('404s unknown users, users of another organization and unknown organizations', async () => {
    const org = await createOrg();
    const body = { firstName: 'Nobody' };
    expectError(await consoleKey.patch(userPath(org.id, randomId()), body), 404, 'not_found');
    expectError(await consoleKey.patch(userPath(org.id, orgX.admin.user.id), body), 404, 'not_found');
    expectError(await consoleKey.patch(userPath(randomId(), orgX.admin.user.id), body), 404, 'not_found');
    expect((await consoleKey.get(userPath(orgX.org.id, orgX.admin.user.id))).body.first_name).toBe('Ada');
  });

  it('refuses callers without the organizations section', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/admin/organizations/:id/users/:userId',
      path: userPath(orgX.org.id, orgX.admin.user.id),
      body: { firstName: 'Hacked' },
      forbidden: denied,
    });
    expect((await consoleKey.get(userPath(orgX.org.id, orgX.admin.user.id))).body.first_name).toBe('Ada');
  });
});

describe('POST /v1/admin/organizations/:id/users/:userId/suspend and /unsuspend', () => {
  it('suspends a user at once and lets them back at once', async () => {
    const org = await createOrgWithAdmin(app);
    const member = await addUser(app, org.admin.http);
    const path = userPath(org.org.id, member.user.id);
    expect((await member.http.get('/v1/auth/identity')).status).toBe(200);

    const suspended = await consoleKey.post(`${path}/suspend`);
    expect(suspended.status, suspended.text).toBe(200);
    expect(Object.keys(suspended.body).sort()).toEqual(USER_FIELDS);
    expect(suspended.body).toMatchObject({ id: member.user.id, is_suspended: true });
    expectError(await member.http.get('/v1/auth/identity'), 401, 'invalid_credentials');
    expectError(await signIn(app.webKey, member.user.email, member.password), 401, 'invalid_credentials');
    expect((await consoleKey.get(path)).body.is_suspended).toBe(true);

    const unsuspended = await consoleKey.post(`${path}/unsuspend`);
    expect(unsuspended.status, unsuspended.text).toBe(200);
    expect(unsuspended.body).toMatchObject({ id: member.user.id, is_suspended: false });
    expect((await member.http.get('/v1/auth/identity')).status).toBe(200);
    expect((await signIn(app.webKey, member.user.email, member.password)).status).toBe(200);
  });

  it('unsuspends a user who is not suspended', async () => {
    const org = await createOrg();
    const { user } = await createUser(org.id);
    const res = await consoleKey.post(`${userPath(org.id, user.id)}/unsuspend`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, is_suspended: false });
  });

  it('409s self-suspension', async () => {
    expectError(
      await operator.http.post(`${userPath(ids.systemOrgId, operator.id)}/suspend`),
      409,
      'self_action_conflict',
    );
    expect((await operator.http.get('/v1/users/me')).status).toBe(200);
  });

  it("409s suspending the organization's only active admin", async () => {
    const org = await createOrgWithAdmin(app);
    await addUser(app, org.admin.http);
    expectError(await consoleKey.post(`${userPath(org.org.id, org.admin.user.id)}/suspend`), 409, 'last_active_admin');
    expect((await org.admin.http.get('/v1/users')).status).toBe(200);
  });

  it('404s unknown users and users of another organization', async () => {
    const org = await createOrg();
    for (const action of ['suspend', 'unsuspend']) {
      expectError(await consoleKey.post(`${userPath(org.id, randomId())}/${action}`), 404, 'not_found');
      expectError(await consoleKey.post(`${userPath(org.id, orgX.admin.user.id)}/${action}`), 404, 'not_found');
      expectError(await consoleKey.post(`${userPath(randomId(), randomId())}/${action}`), 404, 'not_found');
    }
    expect((await orgX.admin.http.get('/v1/auth/identity')).status).toBe(200);
  });

  it('refuses callers without the organizations section', async () => {
    const member = await addUser(app, orgX.admin.http);
    for (const c of [
      { route: 'POST /v1/admin/organizations/:id/users/:userId/suspend', action: 'suspend' },
      { route: 'POST /v1/admin/organizations/:id/users/:userId/unsuspend', action: 'unsuspend' },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: `${userPath(orgX.org.id, member.user.id)}/${c.action}`,
        forbidden: denied,
      });
    }
    expect((await member.http.get('/v1/auth/identity')).status).toBe(200);
  });
});

describe('POST /v1/admin/organizations/:id/users/:userId/password', () => {
  it('sets a chosen password, answers password null, and only the new password signs in', async () => {
    const org = await createOrg();
    const created = await createUser(org.id);
    const chosen = 'a-chosen-password-1';
    const res = await consoleKey.post(`${userPath(org.id, created.user.id)}/password`, { password: chosen });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['password', 'user']);
    expect(res.body.password).toBeNull();
    expect(Object.keys(res.body.user).sort()).toEqual(USER_FIELDS);
    expect(res.body.user.id).toBe(created.user.id);
    expect((await signIn(app.webKey, created.user.email, chosen)).status).toBe(200);
    expectError(await signIn(app.webKey, created.user.email, created.password), 401, 'invalid_credentials');
  });

  const withoutPassword: [string, (c: Client, path: string) => Promise<any>][] = [
    ['no body at all', (c, path) => c.post(path)],
    ['an empty JSON body', (c, path) => c.request('POST', path, { raw: '' })],
    ['an empty object', (c, path) => c.post(path, {})],
  ];
  for (const [label, send] of withoutPassword) {
    it(`generates a password, returned once, for ${label}`, async () => {
      const org = await createOrg();
      const created = await createUser(org.id);
      const res = await send(consoleKey, `${userPath(org.id, created.user.id)}/password`);
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['password', 'user']);
      expect(res.body.user.id).toBe(created.user.id);
      expect(typeof res.body.password).toBe('string');
      expect(res.body.password.length).toBeGreaterThanOrEqual(12);
      expect(res.body.password).not.toBe(created.password);
      expect((await signIn(app.webKey, created.user.email, res.body.password)).status).toBe(200);
      expectError(await signIn(app.webKey, created.user.email, created.password), 401, 'invalid_credentials');
    });
  }

  it('resets a system member whose new password then signs in with the console key', async () => {
    const member = await createUser(ids.systemOrgId, {
      email: `${unique('reset')}@atrium.test`,
      consoleRoleId: ids.salesRoleId,
    });
    const res = await consoleKey.post(`${userPath(ids.systemOrgId, member.user.id)}/password`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.password.length).toBeGreaterThanOrEqual(12);
    expect((await signIn(app.consoleKey, member.user.email, res.body.password)).status).toBe(200);
  });

  it('400s short passwords and unknown fields', async () => {
    const org = await createOrg();
    const created = await createUser(org.id);
    const path = `${userPath(org.id, created.user.id)}/password`;
    for (const body of [
      { password: 'x'.repeat(11) },
      { password: '' },
      { password: 123456789012 },
      { password: 'a-chosen-password-1', notify: true },
      { newPassword: 'a-chosen-password-1' },
      [],
    ]) {
      expectError(await consoleKey.post(path, body), 400, 'invalid_request');
    }
    expect((await signIn(app.webKey, created.user.email, created.password)).status).toBe(200);
  });

  it('404s unknown users and users of another organization', async () => {
    const org = await createOrg();
    const body = { password: 'a-chosen-password-1' };
    expectError(await consoleKey.post(`${userPath(org.id, randomId())}/password`, body), 404, 'not_found');
    expectError(await consoleKey.post(`${userPath(org.id, orgX.admin.user.id)}/password`, body), 404, 'not_found');
    expectError(await consoleKey.post(`${userPath(randomId(), randomId())}/password`, {}), 404, 'not_found');
    expect((await signIn(app.webKey, orgX.admin.user.email, orgX.admin.password)).status).toBe(200);
  });

  it('refuses callers without the organizations section', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/admin/organizations/:id/users/:userId/password',
      path: `${userPath(orgX.org.id, orgX.admin.user.id)}/password`,
      body: { password: 'an-attackers-password' },
      forbidden: denied,
    });
    expect((await signIn(app.webKey, orgX.admin.user.email, orgX.admin.password)).status).toBe(200);
  });
});

describe('DELETE /v1/admin/organizations/:id/users/:userId', () => {
  it('soft-deletes a user: gone from lists, lookups and sign-in, and the email is free again', async () => {
    const org = await createOrgWithAdmin(app);
    const member = await addUser(app, org.admin.http);
    const path = userPath(org.org.id, member.user.id);

    const res = await consoleKey.delete(path);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');

    const list = await consoleKey.get(usersPath(org.org.id));
    expect(list.body.data.map((u: any) => u.id)).toEqual([org.admin.user.id]);
    expect(list.body.total).toBe(1);
    expectError(await consoleKey.get(path), 404, 'not_found');
    expectError(await consoleKey.patch(path, { firstName: 'Ghost' }), 404, 'not_found');
    expectError(await consoleKey.delete(path), 404, 'not_found');
    expectError(await signIn(app.webKey, member.user.email, member.password), 401, 'invalid_credentials');
    expectError(await member.http.get('/v1/auth/identity'), 401, 'invalid_credentials');

    const again = await consoleKey.post(usersPath(org.org.id), {
      firstName: 'New',
      lastName: 'Person',
      email: member.user.email,
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.user.id).not.toBe(member.user.id);
    expect((await signIn(app.webKey, member.user.email, again.body.password)).status).toBe(200);
  });

  it('deletes an admin while another active admin remains', async () => {
    const org = await createOrgWithAdmin(app);
    const second = await addUser(app, org.admin.http, { role: 'admin' });
    expect((await consoleKey.delete(userPath(org.org.id, second.user.id))).status).toBe(204);
    expectError(await second.http.get('/v1/auth/identity'), 401, 'invalid_credentials');
  });

  it("409s self-deletion and deleting the organization's only active admin", async () => {
    expectError(await operator.http.delete(userPath(ids.systemOrgId, operator.id)), 409, 'self_action_conflict');
    expect((await operator.http.get('/v1/users/me')).status).toBe(200);

    const org = await createOrgWithAdmin(app);
    await addUser(app, org.admin.http);
    expectError(await consoleKey.delete(userPath(org.org.id, org.admin.user.id)), 409, 'last_active_admin');
    expect((await org.admin.http.get('/v1/auth/identity')).status).toBe(200);
  });

  it('404s unknown users and users of another organization', async () => {
    const org = await createOrg();
    expectError(await consoleKey.delete(userPath(org.id, randomId())), 404, 'not_found');
    expectError(await consoleKey.delete(userPath(org.id, orgX.admin.user.id)), 404, 'not_found');
    expectError(await consoleKey.delete(userPath(randomId(), randomId())), 404, 'not_found');
    expect((await orgX.admin.http.get('/v1/auth/identity')).status).toBe(200);
  });

  it('refuses callers without the organizations section', async () => {
    const member = await addUser(app, orgX.admin.http);
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/admin/organizations/:id/users/:userId',
      path: userPath(orgX.org.id, member.user.id),
      forbidden: denied,
    });
    expect((await member.http.get('/v1/auth/identity')).status).toBe(200);
  });
});

describe('GET /v1/admin/organizations/:id/service-accounts', () => {
  it("lists that organization's service accounts only", async () => {
    const org = await createOrgWithAdmin(app);
    const first = await createServiceAccountWithKey(org.admin.http, 'admin');
    const second = await createServiceAccountWithKey(org.admin.http);
    const other = await createOrgWithAdmin(app);
    const foreign = await createServiceAccountWithKey(other.admin.http);

    const res = await consoleKey.get(`/v1/admin/organizations/${org.org.id}/service-accounts`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.map((a: any) => a.id).sort()).toEqual([first.account.id, second.account.id].sort());
    expect(res.body.data.map((a: any) => a.id)).not.toContain(foreign.account.id);
    for (const account of res.body.data) {
      expect(Object.keys(account).sort()).toEqual(SERVICE_ACCOUNT_FIELDS);
      expect(account).toMatchObject({
        organization_id: org.org.id,
        created_by_user_id: org.admin.user.id,
        can_access_console: false,
        can_mint_cross_org: false,
      });
    }
    expect(res.body.data.find((a: any) => a.id === first.account.id)).toMatchObject({
      name: first.account.name,
      role: 'admin',
      is_suspended: false,
    });
  });

  it('answers an organization without service accounts with an empty list, and 404s unknown ones', async () => {
    const org = await createOrg();
    const res = await consoleKey.get(`/v1/admin/organizations/${org.id}/service-accounts`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
    expectError(await consoleKey.get(`/v1/admin/organizations/${randomId()}/service-accounts`), 404, 'not_found');
  });

  it('refuses callers without the organizations section', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/admin/organizations/:id/service-accounts',
      path: `/v1/admin/organizations/${orgX.org.id}/service-accounts`,
      forbidden: denied,
    });
  });
});
