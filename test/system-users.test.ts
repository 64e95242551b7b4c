import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import { SYSTEM_USER_FIELDS } from './helpers/fields.ts';
import {
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
let orgA: TestOrg;
/** The bootstrap operator's session through the console key (system-org admin, all sections). */
let operator: { token: string; id: string; http: Client };
/** Callers without the `access` console section: each must get 403 admin_required. */
let denied: { credential: string; code: string }[];

const LIST = '/v1/admin/system-users';
const userPath = (id: string) => `/v1/admin/system-users/${id}`;
const passwordPath = (id: string) => `/v1/admin/system-users/${id}/password`;

const signIn = (key: string, email: string, password: string) =>
  app.http.as(key).post('/v1/auth/sessions', { email, password });

const createRole = async (sections: string[], name = unique('Role')) => {
  const res = await consoleKey.post('/v1/admin/console-roles', { name, sections });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

/** A system-organization person created through the console, signed in with the console key. */
const systemUser = async (fields: { consoleRoleId?: string; role?: 'admin' | 'member'; email?: string } = {}) => {
  const res = await consoleKey.post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
    firstName: 'Sys',
    lastName: 'Member',
    email: fields.email ?? `${unique('staff')}@atrium.test`,
    role: fields.role ?? 'member',
    ...(fields.consoleRoleId ? { consoleRoleId: fields.consoleRoleId } : {}),
  });
  expect(res.status, res.text).toBe(201);
  const token = await mintSession(app, app.consoleKey, res.body.user.email, res.body.password);
  return { user: res.body.user, password: res.body.password as string, token, http: app.http.as(token) };
};

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  ids = await seedIds(app);
  orgA = await createOrgWithAdmin(app);
  const operatorToken = await operatorSession(app);
  const me = await app.http.as(operatorToken).get('/v1/users/me');
  expect(me.status, me.text).toBe(200);
  operator = { token: operatorToken, id: me.body.id, http: app.http.as(operatorToken) };

  const sales = await systemUser({ consoleRoleId: ids.salesRoleId });
  const organizationsOnly = await systemUser({ consoleRoleId: (await createRole(['organizations'])).id });
  const orgAdminKey = await createServiceAccountWithKey(orgA.admin.http, 'admin');
  const operatorViaWeb = await mintSession(app, app.webKey, app.operator.email, app.operator.password);
  denied = [
    { credential: orgA.admin.token, code: 'admin_required' },
    { credential: orgAdminKey.key, code: 'admin_required' },
    { credential: app.webKey, code: 'admin_required' },
    { credential: operatorViaWeb, code: 'admin_required' },
    { credential: sales.token, code: 'admin_required' },
    { credential: organizationsOnly.token, code: 'admin_required' },
  ];
});
afterAll(() => app?.close());

describe('GET /v1/admin/system-users', () => {
  it("lists the system organization's live people by email with their console role", async () => {
    const sales = await systemUser({ consoleRoleId: ids.salesRoleId });
    const ops = await systemUser({ consoleRoleId: ids.operatorRoleId });
    const gone = await systemUser({ consoleRoleId: ids.salesRoleId });
    expect((await consoleKey.delete(`/v1/admin/organizations/${ids.systemOrgId}/users/${gone.user.id}`)).status).toBe(
      204,
    );

    const res = await consoleKey.get(LIST);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const emails = res.body.data.map((u: any) => u.email);
    expect(emails).toEqual([...emails].sort());
    for (const row of res.body.data) {
      expect(Object.keys(row).sort()).toEqual(SYSTEM_USER_FIELDS);
      expect(row).toMatchObject({ organization_id: ids.systemOrgId, organization_is_system: true });
    }
    const byId = new Map(res.body.data.map((u: any) => [u.id, u]));
    expect(byId.get(operator.id)).toMatchObject({
      email: app.operator.email,
      role: 'admin',
      console_role_id: null,
      console_role: null,
    });
    expect(byId.get(sales.user.id)).toMatchObject({ console_role_id: ids.salesRoleId, console_role: 'Sales' });
    expect(byId.get(ops.user.id)).toMatchObject({ console_role_id: ids.operatorRoleId, console_role: 'Operator' });
    expect(byId.has(gone.user.id)).toBe(false);
    expect(byId.has(orgA.admin.user.id)).toBe(false);
  });

  it('is open to the operator session and to members whose role grants the access section', async () => {
    expect((await operator.http.get(LIST)).status).toBe(200);
    const accessOnly = await systemUser({ consoleRoleId: (await createRole(['access'])).id });
    const res = await accessOnly.http.get(LIST);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.find((u: any) => u.id === accessOnly.user.id)).toBeDefined();
    // The access section does not open the organizations section.
    expectError(await accessOnly.http.get('/v1/admin/organizations'), 403, 'admin_required');
  });

  it('refuses callers without the access section', async () => {
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/admin/system-users', path: LIST, forbidden: denied });
  });
});

describe('PATCH /v1/admin/system-users/:id', () => {
  it('changes the console role, in either spelling, and answers the list row', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    const res = await consoleKey.patch(userPath(member.user.id), { console_role_id: ids.operatorRoleId });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(SYSTEM_USER_FIELDS);
    expect(res.body).toMatchObject({
      id: member.user.id,
      console_role_id: ids.operatorRoleId,
      console_role: 'Operator',
      is_suspended: false,
    });
    const back = await consoleKey.patch(userPath(member.user.id), { consoleRoleId: ids.salesRoleId });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ console_role_id: ids.salesRoleId, console_role: 'Sales' });
    const listed = (await consoleKey.get(LIST)).body.data.find((u: any) => u.id === member.user.id);
    expect(listed).toEqual(back.body);
  });

  it("changes what the member's session may reach on their next request", async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    expectError(await member.http.get('/v1/admin/organizations'), 403, 'admin_required');
    expect((await consoleKey.patch(userPath(member.user.id), { console_role_id: ids.operatorRoleId })).status).toBe(
      200,
    );
    expect((await member.http.get('/v1/admin/organizations')).status).toBe(200);
    expect((await member.http.get(LIST)).status).toBe(200);
    expect((await consoleKey.patch(userPath(member.user.id), { console_role_id: ids.salesRoleId })).status).toBe(200);
    expectError(await member.http.get('/v1/admin/organizations'), 403, 'admin_required');
  });

  it('suspends a member at once and lets them back', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    const suspended = await consoleKey.patch(userPath(member.user.id), { is_suspended: true });
    expect(suspended.status, suspended.text).toBe(200);
    expect(suspended.body).toMatchObject({ id: member.user.id, is_suspended: true, console_role: 'Sales' });
    expectError(await member.http.get('/v1/auth/identity'), 401, 'invalid_credentials');
    expectError(await signIn(app.consoleKey, member.user.email, member.password), 401, 'invalid_credentials');

    const restored = await consoleKey.patch(userPath(member.user.id), { isSuspended: false });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.is_suspended).toBe(false);
    expect((await signIn(app.consoleKey, member.user.email, member.password)).status).toBe(200);
    expect((await member.http.get('/v1/auth/identity')).status).toBe(200);
  });

  it('applies the console-role rules with 400 validation_error', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    expectError(
      await consoleKey.patch(userPath(member.user.id), { console_role_id: randomId() }),
      400,
      'validation_error',
    );
    expectError(await consoleKey.patch(userPath(member.user.id), { console_role_id: null }), 400, 'validation_error');
    expect((await consoleKey.get(LIST)).body.data.find((u: any) => u.id === member.user.id)).toMatchObject({
      console_role_id: ids.salesRoleId,
    });
    // An admin needs no console role: theirs may be set and cleared.
    const admin = await systemUser({ role: 'admin' });
    const given = await consoleKey.patch(userPath(admin.user.id), { console_role_id: ids.salesRoleId });
    expect(given.status, given.text).toBe(200);
    expect(given.body).toMatchObject({ role: 'admin', console_role: 'Sales' });
    const cleared = await consoleKey.patch(userPath(admin.user.id), { console_role_id: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ console_role_id: null, console_role: null });
  });

  it('400s unknown keys and invalid values with invalid_request', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    for (const body of [
      { role: 'admin' },
      { first_name: 'Renamed' },
      { email: 'new@atrium.test' },
      { console_role: 'Operator' },
      { console_role_id: 'not-a-uuid' },
      { is_suspended: 'yes' },
      { isSuspended: null },
    ]) {
      expectError(await consoleKey.patch(userPath(member.user.id), body), 400, 'invalid_request');
    }
  });

  it('409s self-suspension', async () => {
    expectError(await operator.http.patch(userPath(operator.id), { is_suspended: true }), 409, 'self_action_conflict');
    expect((await operator.http.get('/v1/users/me')).body.is_suspended).toBe(false);
  });

  it('404s users of other organizations, deleted users and unknown ids', async () => {
    const gone = await systemUser({ consoleRoleId: ids.salesRoleId });
    await consoleKey.delete(`/v1/admin/organizations/${ids.systemOrgId}/users/${gone.user.id}`);
    for (const id of [orgA.admin.user.id, gone.user.id, randomId()]) {
      expectError(await consoleKey.patch(userPath(id), { is_suspended: true }), 404, 'not_found');
    }
    expectError(await consoleKey.patch(userPath('not-a-uuid'), { is_suspended: true }), 404, 'not_found');
    expect((await orgA.admin.http.get('/v1/auth/identity')).status).toBe(200);
  });

  it('refuses callers without the access section', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/admin/system-users/:id',
      path: userPath(member.user.id),
      body: { console_role_id: ids.operatorRoleId },
      forbidden: denied,
    });
    expectError(await member.http.get('/v1/admin/organizations'), 403, 'admin_required');
  });
});

describe('POST /v1/admin/system-users/:id/password', () => {
  it('generates a password when none is given, returned once, that signs in with the console key', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    const res = await consoleKey.post(passwordPath(member.user.id), {});
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['password', 'user']);
    expect(res.body.user.id).toBe(member.user.id);
    expect(typeof res.body.password).toBe('string');
    expect(res.body.password.length).toBeGreaterThanOrEqual(12);
    expect((await signIn(app.consoleKey, member.user.email, res.body.password)).status).toBe(200);
    expectError(await signIn(app.consoleKey, member.user.email, member.password), 401, 'invalid_credentials');
  });

  it('generates a password for a request without a body', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    const res = await consoleKey.post(passwordPath(member.user.id));
    expect(res.status, res.text).toBe(200);
    expect(res.body.password.length).toBeGreaterThanOrEqual(12);
    expect((await signIn(app.consoleKey, member.user.email, res.body.password)).status).toBe(200);
  });

  it('sets a chosen password and answers password null', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    const chosen = 'a-chosen-password-1';
    const res = await consoleKey.post(passwordPath(member.user.id), { password: chosen });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ password: null, user: { id: member.user.id } });
    expect((await signIn(app.consoleKey, member.user.email, chosen)).status).toBe(200);
    expectError(await signIn(app.consoleKey, member.user.email, member.password), 401, 'invalid_credentials');
  });

  it('400s short passwords and unknown fields', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    for (const body of [{ password: 'x'.repeat(11) }, { password: 'a-chosen-password-1', role: 'admin' }]) {
      expectError(await consoleKey.post(passwordPath(member.user.id), body), 400, 'invalid_request');
    }
    expect((await signIn(app.consoleKey, member.user.email, member.password)).status).toBe(200);
  });

  it('404s users of other organizations and unknown ids', async () => {
    const body = { password: 'a-chosen-password-1' };
    expectError(await consoleKey.post(passwordPath(orgA.admin.user.id), body), 404, 'not_found');
    expectError(await consoleKey.post(passwordPath(randomId()), body), 404, 'not_found');
    expect((await signIn(app.webKey, orgA.admin.user.email, orgA.admin.password)).status).toBe(200);
  });

  it('refuses callers without the access section', async () => {
    const member = await systemUser({ consoleRoleId: ids.salesRoleId });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/admin/system-users/:id/password',
      path: passwordPath(member.user.id),
      body: { password: 'an-attackers-password' },
      forbidden: denied,
    });
    expect((await signIn(app.consoleKey, member.user.email, member.password)).status).toBe(200);
  });
});
