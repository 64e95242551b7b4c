import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  type OrgAdminRouteCast,
  orgAdminRouteCast,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const DEPARTMENTS = '/v1/organization/departments';
const FIELDS = ['created_at', 'description', 'id', 'name', 'organization_id', 'parent_department_id', 'updated_at'];

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let notAdmins: OrgAdminRouteCast['notAdmins'];

async function create(http: Client, body: Record<string, unknown>) {
  const res = await http.post(DEPARTMENTS, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A message that starts a run in a new thread of the user's, answered to the end (its usage is then recorded). */
async function postAndFinish(http: Client, content: string) {
  const thread = await http.post('/v1/threads', { title: 'Usage' });
  expect(thread.status, thread.text).toBe(201);
  const { run } = await postAndRun(http, thread.body.id, content);
  await waitForRun(http, thread.body.id, run.id);
}

beforeAll(async () => {
  app = await startTestApp();
  ({ orgA, orgB, notAdmins } = await orgAdminRouteCast(app));
});
afterAll(() => app?.close());

describe('departments', () => {
  it('creates top-level and child departments (camelCase or snake_case parent), trimmed, with the exact view', async () => {
    const top = await create(orgA.admin.http, { name: '  Engineering  ', description: 'Builds things' });
    expect(Object.keys(top).sort()).toEqual(FIELDS);
    expect(top).toMatchObject({
      id: expect.stringMatching(UUID),
      organization_id: orgA.org.id,
      parent_department_id: null,
      name: 'Engineering',
      description: 'Builds things',
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    const child = await create(orgA.admin.http, { name: 'Platform', parentDepartmentId: top.id });
    expect(child).toMatchObject({ parent_department_id: top.id, description: null });
    const snake = await create(orgA.admin.http, { name: 'Web', parent_department_id: top.id, description: '' });
    expect(snake).toMatchObject({ parent_department_id: top.id, description: null });
  });

  it('lists by name case-insensitively in cursor pages that neither skip nor repeat', async () => {
    const org = await createOrgWithAdmin(app);
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'alpha'];
    for (const name of names) await create(org.admin.http, { name });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=4&cursor=${cursor}` : '?limit=4';
      const res: { status: number; text: string; body: any } = await org.admin.http.get(`${DEPARTMENTS}${query}`);
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
      seen.push(...res.body.data.map((d: any) => d.name));
      cursor = res.body.has_more ? res.body.next_cursor : null;
      if (!res.body.has_more) expect(res.body.next_cursor).toBeNull();
    } while (cursor);
    expect(seen.map((n) => n.toLowerCase())).toEqual(['alpha', 'alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(seen).toHaveLength(names.length);
    expectError(await org.admin.http.get(`${DEPARTMENTS}?cursor=nonsense`), 400, 'invalid_request');
    expectError(await org.admin.http.get(`${DEPARTMENTS}?limit=101`), 400, 'invalid_request');
  });

  it('validates bodies: 422 on create, 400 on patch; an unknown or foreign parent is 400', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 'ok', description: 'x'.repeat(2001) },
      { name: 'ok', parentDepartmentId: 'not-a-uuid' },
      { name: 5 },
    ]) {
      expectError(await orgA.admin.http.post(DEPARTMENTS, body), 422, 'validation_error');
    }
    expectError(await orgA.admin.http.post(DEPARTMENTS, { name: 'ok', colour: 'red' }), 400, 'invalid_request');
    // Hostile text: a 100,000-character name is refused by its bound, a NUL anywhere by the body parser.
    expectError(await orgA.admin.http.post(DEPARTMENTS, { name: 'x'.repeat(100_000) }), 422, 'validation_error');
    expectError(await orgA.admin.http.post(DEPARTMENTS, { name: 'a\u0000b' }), 400, 'invalid_request');
    expect((await create(orgA.admin.http, { name: 'x'.repeat(200), description: 'y'.repeat(2000) })).name).toHaveLength(
      200,
    );

    const foreign = await create(orgB.admin.http, { name: 'Elsewhere' });
    expectError(
      await orgA.admin.http.post(DEPARTMENTS, { name: 'Orphan', parentDepartmentId: randomId() }),
      400,
      'invalid_request',
    );
    expectError(
      await orgA.admin.http.post(DEPARTMENTS, { name: 'Orphan', parentDepartmentId: foreign.id }),
      400,
      'invalid_request',
    );

    const dept = await create(orgA.admin.http, { name: 'Patchable' });
    const path = `${DEPARTMENTS}/${dept.id}`;
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }, { description: 'x'.repeat(2001) }, { other: 1 }]) {
      expectError(await orgA.admin.http.patch(path, body), 400, 'invalid_request');
    }
    expectError(await orgA.admin.http.patch(path, { parentDepartmentId: foreign.id }), 400, 'invalid_request');
  });

  it('renames, describes and moves; a move under itself or its descendants is 400 and changes nothing', async () => {
    const root = await create(orgA.admin.http, { name: 'Root' });
    const mid = await create(orgA.admin.http, { name: 'Mid', parentDepartmentId: root.id });
    const leaf = await create(orgA.admin.http, { name: 'Leaf', parentDepartmentId: mid.id });

    const renamed = await orgA.admin.http.patch(`${DEPARTMENTS}/${mid.id}`, { name: 'Middle', description: 'Between' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Middle', description: 'Between', parent_department_id: root.id });
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(mid.updated_at));
    const cleared = await orgA.admin.http.patch(`${DEPARTMENTS}/${mid.id}`, { description: null });
    expect(cleared.body.description).toBeNull();

    for (const parent of [root.id, mid.id, leaf.id]) {
      expectError(
        await orgA.admin.http.patch(`${DEPARTMENTS}/${root.id}`, { parentDepartmentId: parent }),
        400,
        'invalid_request',
      );
    }
    expectError(
      await orgA.admin.http.patch(`${DEPARTMENTS}/${mid.id}`, { parent_department_id: leaf.id }),
      400,
      'invalid_request',
    );

    // Moving the leaf to the top and then the old root under it is fine: no cycle.
    expect(
      (await orgA.admin.http.patch(`${DEPARTMENTS}/${leaf.id}`, { parentDepartmentId: null })).body
        .parent_department_id,
    ).toBeNull();
    const moved = await orgA.admin.http.patch(`${DEPARTMENTS}/${root.id}`, { parentDepartmentId: leaf.id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.parent_department_id).toBe(leaf.id);
  });

  it('two racing moves that would together form a cycle: exactly one succeeds', async () => {
    const a = await create(orgA.admin.http, { name: 'Race A' });
    const b = await create(orgA.admin.http, { name: 'Race B' });
    const [ab, ba] = await Promise.all([
      orgA.admin.http.patch(`${DEPARTMENTS}/${a.id}`, { parentDepartmentId: b.id }),
      orgA.admin.http.patch(`${DEPARTMENTS}/${b.id}`, { parentDepartmentId: a.id }),
    ]);
    expect([ab.status, ba.status].sort()).toEqual([200, 400]);
  });

  it('delete: 409 with children, 409 when usage events name it, 204 otherwise (its users keep no department)', async () => {
    const parent = await create(orgA.admin.http, { name: 'Parent' });
    const child = await create(orgA.admin.http, { name: 'Child', parentDepartmentId: parent.id });
    expectError(await orgA.admin.http.delete(`${DEPARTMENTS}/${parent.id}`), 409, 'department_has_children');

    const user = await addUser(app, orgA.admin.http, { role: 'member' });
    const assigned = await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { department_id: child.id });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body.department_id).toBe(child.id);

    expect((await orgA.admin.http.delete(`${DEPARTMENTS}/${child.id}`)).status).toBe(204);
    expectError(await orgA.admin.http.delete(`${DEPARTMENTS}/${child.id}`), 404, 'not_found');
    expect((await orgA.admin.http.get(`/v1/users/${user.user.id}`)).body.department_id).toBeNull();
    expect((await orgA.admin.http.delete(`${DEPARTMENTS}/${parent.id}`)).status).toBe(204);
  });

  it('usage events record the department of the user who caused them; a referenced department cannot be deleted', async () => {
    const dept = await create(orgA.admin.http, { name: 'Research' });
    const user = await addUser(app, orgA.admin.http, { role: 'member' });
    expect((await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { departmentId: dept.id })).status).toBe(200);
    await postAndFinish(user.http, 'Summarise our quarter');
    const { db } = app.server.database;
    const rows = (await db.execute(
      sql`select department_id from usage_events where organization_id = ${orgA.org.id} and user_id = ${user.user.id}`,
    )) as unknown as { rows: { department_id: string | null }[] };
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.every((r) => r.department_id === dept.id)).toBe(true);
    expectError(await orgA.admin.http.delete(`${DEPARTMENTS}/${dept.id}`), 409, 'department_in_use');

    // Cleared: events from then on carry no department; the earlier ones keep theirs.
    expect(
      (await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { department_id: null })).body.department_id,
    ).toBeNull();
    await postAndFinish(user.http, 'And the next one');
    const after = (await db.execute(
      sql`select department_id from usage_events where organization_id = ${orgA.org.id} and user_id = ${user.user.id} order by occurred_at`,
    )) as unknown as { rows: { department_id: string | null }[] };
    expect(after.rows.at(-1)!.department_id).toBeNull();
    expect(after.rows[0]!.department_id).toBe(dept.id);
  });

  it("a user's department must be one of the organization's", async () => {
    const user = await addUser(app, orgA.admin.http, { role: 'member' });
    const foreign = await create(orgB.admin.http, { name: 'Theirs' });
    for (const id of [foreign.id, randomId()]) {
      expectError(
        await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { department_id: id }),
        400,
        'invalid_request',
      );
    }
    expectError(
      await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { department_id: 'nope' }),
      400,
      'invalid_request',
    );
    expect((await orgA.admin.http.get(`/v1/users/${user.user.id}`)).body.department_id).toBeNull();

    // The console's org-user PATCH (it extends the organization's) checks against the path's organization.
    const console = app.http.as(app.consoleKey);
    const ours = await create(orgA.admin.http, { name: 'Via console' });
    const path = `/v1/admin/organizations/${orgA.org.id}/users/${user.user.id}`;
    expectError(await console.patch(path, { department_id: foreign.id }), 400, 'invalid_request');
    const set = await console.patch(path, { departmentId: ours.id });
    expect(set.status, set.text).toBe(200);
    expect(set.body.department_id).toBe(ours.id);
  });

  it('assigning a user races deleting the department without a 500: either the user keeps it or has none', async () => {
    const user = await addUser(app, orgA.admin.http, { role: 'member' });
    for (let i = 0; i < 8; i++) {
      const dept = await create(orgA.admin.http, { name: `Racing ${i}` });
      const [assigned, deleted] = await Promise.all([
        orgA.admin.http.patch(`/v1/users/${user.user.id}`, { department_id: dept.id }),
        orgA.admin.http.delete(`${DEPARTMENTS}/${dept.id}`),
      ]);
      expect(deleted.status, deleted.text).toBe(204);
      // Assigned first: the delete then clears it. Deleted first: the assignment names no department (400).
      expect([200, 400], assigned.text).toContain(assigned.status);
      expect((await orgA.admin.http.get(`/v1/users/${user.user.id}`)).body.department_id).toBeNull();
    }
  });

  it('another organization sees none of them: its list is its own, and every id of ours is 404', async () => {
    const ours = await create(orgA.admin.http, { name: 'Private' });
    const theirs = await orgB.admin.http.get(`${DEPARTMENTS}?limit=100`);
    expect(theirs.body.data.every((d: any) => d.organization_id === orgB.org.id)).toBe(true);
    expectError(await orgB.admin.http.patch(`${DEPARTMENTS}/${ours.id}`, { name: 'Mine' }), 404, 'not_found');
    expectError(await orgB.admin.http.delete(`${DEPARTMENTS}/${ours.id}`), 404, 'not_found');
    expect((await orgA.admin.http.get(`${DEPARTMENTS}?limit=100`)).body.data.map((d: any) => d.id)).toContain(ours.id);
  });
});

describe('department route security', () => {
  it('every route is for org admins: members and member keys get 403, other organizations 404', async () => {
    const dept = await create(orgA.admin.http, { name: unique('Secured') });

    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/departments',
      path: DEPARTMENTS,
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/departments',
      path: DEPARTMENTS,
      body: { name: 'Refused' },
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/organization/departments/:departmentId',
      path: `${DEPARTMENTS}/${dept.id}`,
      body: { name: 'Refused' },
      forbidden: notAdmins,
      crossOrg: { credential: orgB.admin.token, missingPath: `${DEPARTMENTS}/${randomId()}` },
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/organization/departments/:departmentId',
      path: `${DEPARTMENTS}/${dept.id}`,
      forbidden: notAdmins,
      crossOrg: { credential: orgB.admin.token, missingPath: `${DEPARTMENTS}/${randomId()}` },
    });
    const still = await orgA.admin.http.get(`${DEPARTMENTS}?limit=100`);
    expect(still.body.data.find((d: any) => d.id === dept.id)).toMatchObject({ name: dept.name });
  });
});
