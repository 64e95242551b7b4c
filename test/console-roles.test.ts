import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { seedIds } from './helpers/console-roles.ts';
import { createOrgWithAdmin, mintSession, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let consoleKey: Client;
let ids: Awaited<ReturnType<typeof seedIds>>;

beforeAll(async () => {
  app = await startTestApp();
  consoleKey = app.http.as(app.consoleKey);
  ids = await seedIds(app);
});
afterAll(() => app?.close());

const createRole = async (sections: string[], name = unique('Role')) => {
  const res = await consoleKey.post('/v1/admin/console-roles', { name, sections });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('console roles', () => {
  it('lists the seeded roles by name with sections and user counts', async () => {
    const res = await consoleKey.get('/v1/admin/console-roles');
    expect(res.status).toBe(200);
    const seeded = res.body.data.filter((r: any) => ['Operator', 'Sales'].includes(r.name));
    expect(seeded.map((r: any) => [r.name, r.sections, r.user_count])).toEqual([
      ['Operator', ['platform', 'organizations', 'sales', 'operations', 'ai-platform', 'billing', 'access'], 0],
      ['Sales', ['sales'], 0],
    ]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      'created_at',
      'id',
      'name',
      'sections',
      'updated_at',
      'user_count',
    ]);
  });

  it('creates, renames and re-scopes a role; counts its holders', async () => {
    const role = await createRole(['billing', 'operations']);
    expect(role).toMatchObject({ sections: ['billing', 'operations'], user_count: 0 });
    expect(role.id).toMatch(UUID);
    expect(role.created_at).toMatch(ISO_MS);
    const holder = await consoleKey.post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
      firstName: 'Bill',
      lastName: 'Ing',
      email: `${unique('billing')}@atrium.test`,
      consoleRoleId: role.id,
    });
    expect(holder.status, holder.text).toBe(201);
    const renamed = await consoleKey.patch(`/v1/admin/console-roles/${role.id}`, {
      name: `${role.name} 2`,
      sections: ['access'],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `${role.name} 2`, sections: ['access'], user_count: 1 });
  });

  it('refuses a role without sections, unknown or repeated sections, and duplicate names', async () => {
    for (const body of [
      { name: unique('Empty'), sections: [] },
      { name: unique('Bad'), sections: ['root'] },
      { name: unique('Twice'), sections: ['sales', 'sales'] },
      { name: '', sections: ['sales'] },
      { sections: ['sales'] },
      { name: unique('Extra'), sections: ['sales'], color: 'blue' },
    ]) {
      expectError(await consoleKey.post('/v1/admin/console-roles', body), 400, 'invalid_request');
    }
    const role = await createRole(['sales']);
    expectError(await consoleKey.patch(`/v1/admin/console-roles/${role.id}`, { sections: [] }), 400, 'invalid_request');
    expectError(
      await consoleKey.post('/v1/admin/console-roles', { name: 'operator', sections: ['sales'] }),
      409,
      'duplicate_name',
    );
    expectError(await consoleKey.patch(`/v1/admin/console-roles/${role.id}`, { name: 'SALES' }), 409, 'duplicate_name');
  });

  it('deletes a role nobody holds and 409s one in use', async () => {
    const free = await createRole(['sales']);
    expect((await consoleKey.delete(`/v1/admin/console-roles/${free.id}`)).status).toBe(204);
    expectError(await consoleKey.delete(`/v1/admin/console-roles/${free.id}`), 404, 'not_found');
    const held = await createRole(['sales']);
    await consoleKey.post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
      firstName: 'H',
      lastName: 'Older',
      email: `${unique('holder')}@atrium.test`,
      consoleRoleId: held.id,
    });
    expectError(await consoleKey.delete(`/v1/admin/console-roles/${held.id}`), 409, 'console_role_in_use');
    expectError(await consoleKey.patch(`/v1/admin/console-roles/${randomId()}`, { name: 'x' }), 404, 'not_found');
  });

  it('needs the access section', async () => {
    const billingOnly = await createRole(['billing', 'organizations']);
    const user = await consoleKey.post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
      firstName: 'No',
      lastName: 'Access',
      email: `${unique('noaccess')}@atrium.test`,
      consoleRoleId: billingOnly.id,
    });
    const session = await mintSession(app, app.consoleKey, user.body.user.email, user.body.password);
    const other = await createOrgWithAdmin(app);
    const role = await createRole(['sales']);
    for (const c of [
      { route: 'GET /v1/admin/console-roles', path: '/v1/admin/console-roles', body: undefined },
      {
        route: 'POST /v1/admin/console-roles',
        path: '/v1/admin/console-roles',
        body: { name: unique('R'), sections: ['sales'] },
      },
      {
        route: 'PATCH /v1/admin/console-roles/:id',
        path: `/v1/admin/console-roles/${role.id}`,
        body: { name: unique('R') },
      },
      { route: 'DELETE /v1/admin/console-roles/:id', path: `/v1/admin/console-roles/${role.id}`, body: undefined },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: c.body,
        forbidden: [
          { credential: session, code: 'admin_required' },
          { credential: other.admin.token, code: 'admin_required' },
          { credential: app.webKey, code: 'admin_required' },
        ],
      });
    }
  });
});
