import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import { createOrgWithAdmin, mintSession, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity } from './helpers/security.ts';

let app: TestApp;
let sales: Client;
let salesToken: string;

beforeAll(async () => {
  app = await startTestApp();
  const ids = await seedIds(app);
  const created = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
    firstName: 'Sal',
    lastName: 'Es',
    email: `${unique('sales')}@atrium.test`,
    consoleRoleId: ids.salesRoleId,
  });
  salesToken = await mintSession(app, app.consoleKey, created.body.user.email, created.body.password);
  sales = app.http.as(salesToken);
});
afterAll(() => app?.close());

const demoBody = (expiresAt: string) => ({
  name: unique('Demo'),
  expires_at: expiresAt,
  admin: { email: `${unique('prospect')}@example.test`, firstName: 'Pat', lastName: 'Prospect' },
});

describe('demo organizations', () => {
  it('creates a demo with its first admin, who works until the expiry and is refused after it', async () => {
    const expiresAt = new Date(app.clock.now().getTime() + 60_000).toISOString();
    const res = await sales.post('/v1/admin/demo-organizations', demoBody(expiresAt));
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['organization', 'password', 'user']);
    expect(res.body.organization).toMatchObject({ expires_at: expiresAt, plan_slug: 'free', user_count: 1 });
    expect(res.body.user).toMatchObject({ role: 'admin', organization_id: res.body.organization.id });
    const token = await mintSession(app, app.webKey, res.body.user.email, res.body.password);
    expect((await app.http.as(token).get('/v1/users/me')).status).toBe(200);

    const list = await sales.get('/v1/admin/demo-organizations');
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: any) => o.id)).toContain(res.body.organization.id);

    app.clock.advanceTo(new Date(expiresAt));
    expectError(await app.http.as(token).get('/v1/users/me'), 403, 'org_suspended');
    expectError(
      await app.http
        .as(app.webKey)
        .post('/v1/auth/sessions', { email: res.body.user.email, password: res.body.password }),
      401,
      'invalid_credentials',
    );
    expectError(await app.http.as(app.webKey).post('/v1/auth/sessions/renew', { token }), 401, 'invalid_credentials');
  });

  it('refuses a past expiry, a missing admin and duplicates', async () => {
    expectError(
      await sales.post('/v1/admin/demo-organizations', demoBody('2020-01-01T00:00:00Z')),
      400,
      'invalid_request',
    );
    const { admin: _admin, ...noAdmin } = demoBody(new Date(Date.now() + 86_400_000).toISOString());
    expectError(await sales.post('/v1/admin/demo-organizations', noAdmin), 400, 'invalid_request');
    const body = demoBody(new Date(Date.now() + 86_400_000).toISOString());
    expect((await sales.post('/v1/admin/demo-organizations', body)).status).toBe(201);
    expectError(
      await sales.post('/v1/admin/demo-organizations', {
        ...body,
        admin: { ...body.admin, email: `${unique('x')}@e.test` },
      }),
      409,
      'duplicate_name',
    );
    expectError(
      await sales.post('/v1/admin/demo-organizations', { ...body, name: unique('Demo') }),
      409,
      'duplicate_email',
    );
  });

  it('is the only console area a sales-only user reaches', async () => {
    expectError(await sales.get('/v1/admin/organizations'), 403, 'admin_required');
    expectError(await sales.get('/v1/admin/console-roles'), 403, 'admin_required');
    const other = await createOrgWithAdmin(app);
    for (const c of [
      { route: 'GET /v1/admin/demo-organizations', body: undefined },
      { route: 'POST /v1/admin/demo-organizations', body: demoBody(new Date(Date.now() + 86_400_000).toISOString()) },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: '/v1/admin/demo-organizations',
        body: c.body,
        forbidden: [
          { credential: other.admin.token, code: 'admin_required' },
          { credential: app.webKey, code: 'admin_required' },
        ],
      });
    }
  });
});
