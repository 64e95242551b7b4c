import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
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
let orgA: TestOrg;
let ids: Awaited<ReturnType<typeof seedIds>>;
/** Callers that hold no console section for /v1/admin/organizations. */
let denied: { credential: string; code: string }[];

const ADMIN_ORG_FIELDS = [
  'created_at',
  'deleted_at',
  'id',
  'industry',
  'is_suspended',
  'is_system',
  'name',
  'plan_id',
  'plan_name',
  'plan_slug',
  'policy_overrides',
  'primary_language',
  'primary_timezone',
  'subscription_id',
  'subscription_status',
  'task_count_last30d',
  'updated_at',
  'user_count',
];

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  ids = await seedIds(app);
  orgA = await createOrgWithAdmin(app);
  const sales = await consoleKey.post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
    firstName: 'Sam',
    lastName: 'Sales',
    email: `${unique('sales')}@atrium.test`,
    role: 'member',
    consoleRoleId: ids.salesRoleId,
  });
  expect(sales.status, sales.text).toBe(201);
  const salesSession = await mintSession(app, app.consoleKey, sales.body.user.email, sales.body.password);
  const orgAdminKey = await createServiceAccountWithKey(orgA.admin.http, 'admin');
  // The operator signed in through the web key: a session of an admin without console access.
  const operatorViaWeb = await mintSession(app, app.webKey, app.operator.email, app.operator.password);
  denied = [
    { credential: orgA.admin.token, code: 'admin_required' },
    { credential: orgAdminKey.key, code: 'admin_required' },
    { credential: app.webKey, code: 'admin_required' },
    { credential: operatorViaWeb, code: 'admin_required' },
    { credential: salesSession, code: 'admin_required' },
  ];
});
afterAll(() => app?.close());

describe('POST /v1/admin/organizations', () => {
  it('creates an organization on the free plan with no users', async () => {
    const name = unique('Acme');
    const res = await consoleKey.post('/v1/admin/organizations', {
      name: `  ${name}  `,
      industry: 'Retail',
      primaryLanguage: 'fr-CA',
      primaryTimezone: 'Europe/Paris',
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(ADMIN_ORG_FIELDS);
    expect(res.body).toMatchObject({
      name,
      is_system: false,
      is_suspended: false,
      industry: 'Retail',
      primary_language: 'fr-CA',
      primary_timezone: 'Europe/Paris',
      plan_name: 'Free',
      plan_slug: 'free',
      subscription_status: 'active',
      policy_overrides: {},
      user_count: 0,
      task_count_last30d: 0,
      deleted_at: null,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.plan_id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_MS);
  });

  it('applies the defaults en and UTC', async () => {
    const res = await consoleKey.post('/v1/admin/organizations', { name: unique('Defaults') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ primary_language: 'en', primary_timezone: 'UTC', industry: null });
  });

  it('409s a taken name, whatever its case', async () => {
    const name = unique('Taken');
    expect((await consoleKey.post('/v1/admin/organizations', { name })).status).toBe(201);
    expectError(await consoleKey.post('/v1/admin/organizations', { name: name.toUpperCase() }), 409, 'duplicate_name');
  });

  it('400s isSystem, unknown fields and invalid values', async () => {
    for (const body of [
      { name: unique('Sys'), isSystem: true },
      { name: unique('Sys'), is_system: true },
      { name: unique('X'), color: 'red' },
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(256) },
      {},
      { name: unique('Tz'), primaryTimezone: 'Mars/Olympus' },
      { name: unique('Lang'), primaryLanguage: 'not a language!' },
      { name: unique('Lang'), primaryLanguage: 'x'.repeat(33) },
    ]) {
      expectError(await consoleKey.post('/v1/admin/organizations', body), 400, 'invalid_request');
    }
  });

  it('is open to the operator session and the console key, 403 admin_required for everyone else', async () => {
    const operator = await operatorSession(app);
    expect((await app.http.as(operator).post('/v1/admin/organizations', { name: unique('ByOperator') })).status).toBe(
      201,
    );
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/admin/organizations',
      path: '/v1/admin/organizations',
      body: { name: unique('Denied') },
      forbidden: denied,
    });
  });
});

describe('POST /v1/admin/organizations/:id/users', () => {
  const path = () => `/v1/admin/organizations/${orgA.org.id}/users`;

  it('creates a user with a one-time password that signs in', async () => {
    const email = `${unique('New.User')}@Example.test`;
    const res = await consoleKey.post(path(), { firstName: 'Nia', lastName: 'New', email, role: 'member' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['password', 'user']);
    expect(res.body.user).toMatchObject({
      organization_id: orgA.org.id,
      organization_is_system: false,
      email: email.toLowerCase(),
      display_name: 'Nia New',
      role: 'member',
      is_developer: false,
      is_suspended: false,
      console_role_id: null,
    });
    expect(res.body.password.length).toBeGreaterThanOrEqual(12);
    const token = await mintSession(app, app.webKey, email, res.body.password);
    expect((await app.http.as(token).get('/v1/users/me')).body.email).toBe(email.toLowerCase());
  });

  it('409s an email that exists in any organization', async () => {
    const other = await createOrgWithAdmin(app);
    expectError(
      await consoleKey.post(path(), { firstName: 'D', lastName: 'Up', email: other.admin.user.email.toUpperCase() }),
      409,
      'duplicate_email',
    );
    expectError(
      await consoleKey.post(path(), { firstName: 'D', lastName: 'Up', email: app.operator.email }),
      409,
      'duplicate_email',
    );
  });

  it('applies the console-role rules with 400 validation_error', async () => {
    const email = () => `${unique('role')}@atrium.test`;
    expectError(
      await consoleKey.post(path(), { firstName: 'A', lastName: 'B', email: email(), consoleRoleId: ids.salesRoleId }),
      400,
      'validation_error',
    );
    const system = `/v1/admin/organizations/${ids.systemOrgId}/users`;
    expectError(
      await consoleKey.post(system, { firstName: 'A', lastName: 'B', email: email() }),
      400,
      'validation_error',
    );
    expectError(
      await consoleKey.post(system, { firstName: 'A', lastName: 'B', email: email(), consoleRoleId: randomId() }),
      400,
      'validation_error',
    );
    const admin = await consoleKey.post(system, { firstName: 'A', lastName: 'B', email: email(), role: 'admin' });
    expect(admin.status).toBe(201);
    expect(admin.body.user.organization_is_system).toBe(true);
  });

  it('400s invalid bodies', async () => {
    for (const body of [
      { lastName: 'B', email: 'x@y.test' },
      { firstName: 'A', lastName: 'B', email: 'not-an-email' },
      { firstName: 'A', lastName: 'B', email: 'ok@y.test', role: 'owner' },
      { firstName: 'A', lastName: 'B', email: 'ok@y.test', password: 'chosen-password' },
    ]) {
      expectError(await consoleKey.post(path(), body), 400, 'invalid_request');
    }
  });

  it('404s an unknown organization and guards the console section', async () => {
    const body = { firstName: 'A', lastName: 'B', email: `${unique('x')}@atrium.test` };
    expectError(await consoleKey.post(`/v1/admin/organizations/${randomId()}/users`, body), 404, 'not_found');
    expectError(await consoleKey.post('/v1/admin/organizations/not-a-uuid/users', body), 404, 'not_found');
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/admin/organizations/:id/users',
      path: path(),
      body,
      forbidden: denied,
    });
  });
});

describe('organization suspension', () => {
  it('refuses members on their very next request and lets them back at once', async () => {
    const org = await createOrgWithAdmin(app);
    const member = await addUser(app, org.admin.http);
    const { key } = await createServiceAccountWithKey(org.admin.http);
    const suspend = await consoleKey.post(`/v1/admin/organizations/${org.org.id}/suspend`);
    expect(suspend.status).toBe(200);
    expect(suspend.body.is_suspended).toBe(true);

    expectError(await member.http.get('/v1/auth/identity'), 403, 'org_suspended');
    expectError(await app.http.as(key).get('/v1/auth/identity'), 403, 'org_suspended');
    expectError(
      await app.http.as(app.webKey).post('/v1/auth/sessions', { email: member.user.email, password: member.password }),
      401,
      'invalid_credentials',
    );
    expectError(await consoleKey.post(`/v1/admin/organizations/${org.org.id}/suspend`), 409, 'already_suspended');

    const unsuspend = await consoleKey.post(`/v1/admin/organizations/${org.org.id}/unsuspend`, { ignored: true });
    expect(unsuspend.status).toBe(200);
    expect(unsuspend.body.is_suspended).toBe(false);
    expect((await member.http.get('/v1/auth/identity')).status).toBe(200);
    expectError(await consoleKey.post(`/v1/admin/organizations/${org.org.id}/unsuspend`), 409, 'not_suspended');
  });

  it('never suspends the system organization', async () => {
    expectError(
      await consoleKey.post(`/v1/admin/organizations/${ids.systemOrgId}/suspend`),
      409,
      'system_organization',
    );
  });

  it('404s unknown organizations and guards the routes', async () => {
    for (const c of [
      { route: 'POST /v1/admin/organizations/:id/suspend', action: 'suspend' },
      { route: 'POST /v1/admin/organizations/:id/unsuspend', action: 'unsuspend' },
    ] as const) {
      expectError(await consoleKey.post(`/v1/admin/organizations/${randomId()}/${c.action}`), 404, 'not_found');
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: `/v1/admin/organizations/${orgA.org.id}/${c.action}`,
        forbidden: denied,
      });
    }
  });
});
