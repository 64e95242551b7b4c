import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import { addUser, createOrgWithAdmin, createServiceAccountWithKey, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let consoleKey: Client;
let systemOrgId: string;

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  systemOrgId = (await seedIds(app)).systemOrgId;
});
afterAll(() => app?.close());

const createOrg = async (name = unique('Org')) => {
  const res = await consoleKey.post('/v1/admin/organizations', { name });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('GET /v1/admin/organizations', () => {
  it('lists live organizations newest first with total, plan and user counts, and pages with a cursor', async () => {
    const prefix = unique('Paging');
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createOrg(`${prefix} ${i}`));
    const withUsers = await createOrgWithAdmin(app, `${prefix} users`);
    await addUser(app, withUsers.admin.http);

    const first = await consoleKey.get(`/v1/admin/organizations?search=${encodeURIComponent(prefix)}&limit=4`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(6);
    expect(first.body.data).toHaveLength(4);
    expect(first.body.has_more).toBe(true);
    expect(first.body.data[0]).toMatchObject({ name: `${prefix} users`, user_count: 2, plan_slug: 'free' });
    const second = await consoleKey.get(
      `/v1/admin/organizations?search=${encodeURIComponent(prefix)}&limit=4&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.data.map((o: any) => o.name)).toEqual([`${prefix} 1`, `${prefix} 0`]);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null, total: 6 });
  });

  it('filters by isSystem and isDeleted, and treats search wildcards literally', async () => {
    const system = await consoleKey.get('/v1/admin/organizations?isSystem=true');
    expect(system.body.data.map((o: any) => o.id)).toEqual([systemOrgId]);
    expect(system.body.total).toBe(1);
    const gone = await createOrg(unique('Gone'));
    expect((await consoleKey.delete(`/v1/admin/organizations/${gone.id}`)).status).toBe(200);
    const live = await consoleKey.get(`/v1/admin/organizations?search=${encodeURIComponent(gone.name)}`);
    expect(live.body.total).toBe(0);
    const deleted = await consoleKey.get(
      `/v1/admin/organizations?is_deleted=true&search=${encodeURIComponent(gone.name)}`,
    );
    expect(deleted.body.data.map((o: any) => o.id)).toEqual([gone.id]);
    const wildcard = await consoleKey.get('/v1/admin/organizations?search=%25');
    expect(wildcard.body.total).toBe(0);
  });

  it('400s bad query values', async () => {
    for (const query of ['limit=0', 'limit=101', 'isSystem=yes', 'isDeleted=1', 'cursor=%%%', 'cursor=bm9wZQ']) {
      expectError(await consoleKey.get(`/v1/admin/organizations?${query}`), 400, 'invalid_request');
    }
  });
});

describe('GET and PATCH /v1/admin/organizations/:id', () => {
  it('gets an organization, a deleted one too, and 404s unknown ids', async () => {
    const org = await createOrg();
    expect((await consoleKey.get(`/v1/admin/organizations/${org.id}`)).body).toEqual(org);
    await consoleKey.delete(`/v1/admin/organizations/${org.id}`);
    const deleted = await consoleKey.get(`/v1/admin/organizations/${org.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted_at).not.toBeNull();
    expectError(await consoleKey.get(`/v1/admin/organizations/${randomId()}`), 404, 'not_found');
  });

  it('patches strictly and replaces policy overrides wholesale', async () => {
    const org = await createOrg();
    const path = `/v1/admin/organizations/${org.id}`;
    const first = await consoleKey.patch(path, {
      industry: 'Health',
      policyOverrides: { artifact_generation_mode: 'sandbox' },
      primaryTimezone: 'America/New_York',
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      industry: 'Health',
      primary_timezone: 'America/New_York',
      policy_overrides: { artifact_generation_mode: 'sandbox' },
    });
    const second = await consoleKey.patch(path, { policy_overrides: {}, industry: null });
    expect(second.body).toMatchObject({ industry: null, policy_overrides: {} });
    expect(Date.parse(second.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(org.updated_at));

    for (const body of [
      { isSystem: true },
      { isSuspended: true },
      { planId: randomId() },
      { policyOverrides: { artifact_generation_mode: 'magic' } },
      { policyOverrides: { unknown_policy: true } },
      { name: '' },
      { primaryTimezone: 'Nowhere/Else' },
    ]) {
      expectError(await consoleKey.patch(path, body), 400, 'invalid_request');
    }
  });

  it('409s a taken name and a deleted organization', async () => {
    const a = await createOrg();
    const b = await createOrg();
    expectError(await consoleKey.patch(`/v1/admin/organizations/${b.id}`, { name: a.name }), 409, 'duplicate_name');
    await consoleKey.delete(`/v1/admin/organizations/${b.id}`);
    expectError(
      await consoleKey.patch(`/v1/admin/organizations/${b.id}`, { industry: 'x' }),
      409,
      'organization_deleted',
    );
    expectError(await consoleKey.patch(`/v1/admin/organizations/${randomId()}`, { industry: 'x' }), 404, 'not_found');
  });
});

describe('the organization state machine', () => {
  it('walks live → suspended → deleted → restored (still suspended) → live with every 409', async () => {
    const { org, admin } = await createOrgWithAdmin(app);
    const { key } = await createServiceAccountWithKey(admin.http);
    const at = (action: string) => consoleKey.post(`/v1/admin/organizations/${org.id}/${action}`);

    expectError(await at('unsuspend'), 409, 'not_suspended');
    expectError(await at('restore'), 409, 'not_deleted');
    expect((await at('suspend')).body.is_suspended).toBe(true);
    expectError(await at('suspend'), 409, 'already_suspended');

    const deleted = await consoleKey.delete(`/v1/admin/organizations/${org.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ is_suspended: true });
    expect(deleted.body.deleted_at).not.toBeNull();
    expectError(await consoleKey.delete(`/v1/admin/organizations/${org.id}`), 409, 'already_deleted');
    expectError(await at('suspend'), 409, 'organization_deleted');
    expectError(await at('unsuspend'), 409, 'organization_deleted');
    expectError(await admin.http.get('/v1/auth/identity'), 403, 'org_suspended');
    expectError(await app.http.as(key).get('/v1/auth/identity'), 403, 'org_suspended');
    expectError(
      await app.http.as(app.webKey).post('/v1/auth/sessions', { email: admin.user.email, password: admin.password }),
      401,
      'invalid_credentials',
    );
    expectError(
      await consoleKey.post(`/v1/admin/organizations/${org.id}/users`, {
        firstName: 'A',
        lastName: 'B',
        email: `${unique('late')}@example.test`,
      }),
      409,
      'organization_deleted',
    );

    const restored = await at('restore');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ deleted_at: null, is_suspended: true });
    expectError(await admin.http.get('/v1/auth/identity'), 403, 'org_suspended');
    expect((await at('unsuspend')).body.is_suspended).toBe(false);
    expect((await admin.http.get('/v1/auth/identity')).status).toBe(200);
    expect((await app.http.as(key).get('/v1/auth/identity')).status).toBe(200);
  });

  it('protects the system organization', async () => {
    expectError(await consoleKey.delete(`/v1/admin/organizations/${systemOrgId}`), 409, 'system_organization');
  });

  it('404s unknown organizations on every move', async () => {
    for (const action of ['suspend', 'unsuspend', 'restore']) {
      expectError(await consoleKey.post(`/v1/admin/organizations/${randomId()}/${action}`), 404, 'not_found');
    }
    expectError(await consoleKey.delete(`/v1/admin/organizations/${randomId()}`), 404, 'not_found');
  });

  it('guards every route with the organizations section', async () => {
    const org = await createOrg();
    const orgAdmin = await createOrgWithAdmin(app);
    for (const c of [
      { route: 'GET /v1/admin/organizations', path: '/v1/admin/organizations' },
      { route: 'GET /v1/admin/organizations/:id', path: `/v1/admin/organizations/${org.id}` },
      {
        route: 'PATCH /v1/admin/organizations/:id',
        path: `/v1/admin/organizations/${org.id}`,
        body: { industry: 'x' },
      },
      { route: 'DELETE /v1/admin/organizations/:id', path: `/v1/admin/organizations/${org.id}` },
      { route: 'POST /v1/admin/organizations/:id/restore', path: `/v1/admin/organizations/${org.id}/restore` },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: 'body' in c ? c.body : undefined,
        forbidden: [
          { credential: orgAdmin.admin.token, code: 'admin_required' },
          { credential: app.webKey, code: 'admin_required' },
        ],
      });
    }
  });
});
