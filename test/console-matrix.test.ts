import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import { createOrgWithAdmin, mintSession, unique } from './helpers/fixtures.ts';
import { randomId } from './helpers/security.ts';

let app: TestApp;
/** Every /v1/admin operation of the OpenAPI document, as [method, path with random ids]. */
let adminRoutes: [string, string][];
const callers: Record<string, string> = {};

async function systemMember(roleId: string): Promise<{ email: string; password: string }> {
  const res = await app.http
    .as(app.consoleKey)
    .post(`/v1/admin/organizations/${(await seedIds(app)).systemOrgId}/users`, {
      firstName: 'Matrix',
      lastName: 'Member',
      email: `${unique('matrix')}@atrium.test`,
      consoleRoleId: roleId,
    });
  expect(res.status, res.text).toBe(201);
  return { email: res.body.user.email, password: res.body.password };
}

beforeAll(async () => {
  app = await startTestApp();
  const ids = await seedIds(app);
  const doc = (await app.http.get('/openapi.json')).body;
  adminRoutes = [];
  for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
    if (!path.startsWith('/v1/admin/')) continue;
    for (const method of Object.keys(item))
      adminRoutes.push([method.toUpperCase(), path.replace(/\{[^}]+\}/g, () => randomId())]);
  }

  const org = await createOrgWithAdmin(app);
  const sales = await systemMember(ids.salesRoleId);
  const operator = await systemMember(ids.operatorRoleId);
  callers['org admin (no console flag)'] = org.admin.token;
  callers['web key'] = app.webKey;
  callers['Operator-role member signed in with the web key'] = await mintSession(
    app,
    app.webKey,
    operator.email,
    operator.password,
  );
  callers['Sales-role member (console key)'] = await mintSession(app, app.consoleKey, sales.email, sales.password);
  callers['Operator-role member (console key)'] = await mintSession(
    app,
    app.consoleKey,
    operator.email,
    operator.password,
  );
  callers['admin-role user (console key)'] = await mintSession(
    app,
    app.consoleKey,
    app.operator.email,
    app.operator.password,
  );
  callers['console key'] = app.consoleKey;
});
afterAll(() => app?.close());

/** Which /v1/admin paths each caller class may reach; everything else must be 403 admin_required. */
const reach: Record<string, (path: string) => boolean> = {
  'org admin (no console flag)': () => false,
  'web key': () => false,
  'Operator-role member signed in with the web key': () => false,
  'Sales-role member (console key)': (path) => path.startsWith('/v1/admin/demo-organizations'),
  'Operator-role member (console key)': () => true,
  'admin-role user (console key)': () => true,
  'console key': () => true,
};

describe('console gate matrix over every /v1/admin route', () => {
  it('covers the documented admin routes', () => {
    // The 26 admin operations of the identity and console issues (organizations, their users and service
    // accounts, console roles, system users, demo organizations).
    expect(adminRoutes.length).toBeGreaterThanOrEqual(26);
  });

  for (const caller of Object.keys(reach)) {
    it(`${caller}: exactly the expected routes answer 403 admin_required`, async () => {
      for (const [method, path] of adminRoutes) {
        const res = await app.http
          .as(callers[caller]!)
          .request(method, path, { body: method === 'GET' ? undefined : {} });
        if (reach[caller]!(path)) {
          expect([401, 403], `${caller} ${method} ${path} → ${res.status} ${res.text}`).not.toContain(res.status);
        } else {
          expectError(res, 403, 'admin_required');
        }
      }
    });
  }
});
