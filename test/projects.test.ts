import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let alice: OrgUser;
let bob: OrgUser;
let carol: OrgUser;

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice', last_name: 'A' });
  bob = await addUser(app, orgA.admin.http, { first_name: 'Bob', last_name: 'B' });
  carol = await addUser(app, orgA.admin.http, { first_name: 'Carol', last_name: 'C' });
});
afterAll(() => app?.close());

const createProject = async (owner: OrgUser, name = unique('Project'), description?: string | null) => {
  const res = await owner.http.post('/v1/projects', { name, description });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('projects', () => {
  it('creates a project with the exact record; the creator sees it, others of the org do not', async () => {
    const res = await alice.http.post('/v1/projects', { name: '  Launch plan  ', description: 'Q3 launch' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      'created_at',
      'created_by',
      'description',
      'id',
      'name',
      'organization_id',
      'status',
      'updated_at',
    ]);
    expect(res.body).toMatchObject({
      name: 'Launch plan',
      description: 'Q3 launch',
      status: 'active',
      created_by: alice.user.id,
      organization_id: orgA.org.id,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_MS);
    expect((await alice.http.get(`/v1/projects/${res.body.id}`)).body).toEqual(res.body);
    // Visibility is membership, not organization role: even the org admin gets a 404.
    expectError(await bob.http.get(`/v1/projects/${res.body.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.get(`/v1/projects/${res.body.id}`), 404, 'not_found');
  });

  it('keeps active names unique (case-insensitively) and frees an archived name', async () => {
    const name = unique('Unique');
    const first = await createProject(alice, name);
    expectError(await bob.http.post('/v1/projects', { name: name.toUpperCase() }), 409, 'duplicate_name');
    expect((await alice.http.delete(`/v1/projects/${first.id}`)).status).toBe(204);
    const second = await createProject(bob, name);
    expectError(await alice.http.patch(`/v1/projects/${first.id}`, { status: 'active' }), 409, 'duplicate_name');
    expect((await orgB.admin.http.post('/v1/projects', { name })).status).toBe(201);
    expect(second.name).toBe(name);
  });

  it('400s invalid bodies', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: '  ' },
      { name: 'x'.repeat(256) },
      { name: 'ok', description: 'x'.repeat(5001) },
      { name: 'ok', extra: 1 },
    ]) {
      expectError(await alice.http.post('/v1/projects', body), 400, 'invalid_request');
    }
    const project = await createProject(alice);
    for (const body of [{ status: 'deleted' }, { name: '' }, { owner: 'x' }]) {
      expectError(await alice.http.patch(`/v1/projects/${project.id}`, body), 400, 'invalid_request');
    }
  });

  it('lets project admins patch and archive; members get 403, outsiders 404', async () => {
    const project = await createProject(alice, unique('Roles'), 'first');
    expect((await alice.http.post(`/v1/projects/${project.id}/members`, { userId: bob.user.id })).status).toBe(201);
    expectError(await bob.http.patch(`/v1/projects/${project.id}`, { description: 'nope' }), 403, 'forbidden');
    expectError(await bob.http.delete(`/v1/projects/${project.id}`), 403, 'forbidden');
    expectError(await carol.http.patch(`/v1/projects/${project.id}`, { description: 'nope' }), 404, 'not_found');
    const patched = await alice.http.patch(`/v1/projects/${project.id}`, {
      description: null,
      name: `${project.name} v2`,
    });
    expect(patched.body).toMatchObject({ description: null, name: `${project.name} v2` });
    await alice.http.patch(`/v1/projects/${project.id}/members/${bob.user.id}`, { role: 'admin' });
    const archived = await bob.http.patch(`/v1/projects/${project.id}`, { status: 'archived' });
    expect(archived.body.status).toBe('archived');
    const reactivated = await bob.http.patch(`/v1/projects/${project.id}`, { status: 'active' });
    expect(reactivated.body.status).toBe('active');
  });

  it('lists with aggregates, filters archived, and pages', async () => {
    const owner = await addUser(app, orgA.admin.http, { first_name: 'Olga', last_name: 'Owner' });
    const people = [];
    for (let i = 0; i < 6; i++)
      people.push(await addUser(app, orgA.admin.http, { first_name: `P${i}`, last_name: 'Person' }));
    const project = await createProject(owner, unique('Big'));
    for (const person of people) {
      expect((await owner.http.post(`/v1/projects/${project.id}/members`, { user_id: person.user.id })).status).toBe(
        201,
      );
    }
    const archived = await createProject(owner, unique('Old'));
    await owner.http.delete(`/v1/projects/${archived.id}`);

    const list = await owner.http.get('/v1/projects');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: any) => p.id)).toEqual([project.id]);
    const row = list.body.data[0];
    expect(row).toMatchObject({ conversation_count: 0, file_count: 0, member_count: 7, viewer_role: 'admin' });
    expect(row.member_preview).toEqual([
      { user_id: owner.user.id, service_account_id: null, display_name: 'Olga Owner' },
      ...people
        .slice(0, 4)
        .map((p) => ({ user_id: p.user.id, service_account_id: null, display_name: p.user.display_name })),
    ]);
    const asMember = await people[0]!.http.get('/v1/projects');
    expect(asMember.body.data[0].viewer_role).toBe('member');

    const archivedList = await owner.http.get('/v1/projects?isArchived=true');
    expect(archivedList.body.data.map((p: any) => p.id)).toEqual([archived.id]);

    for (let i = 0; i < 3; i++) await createProject(owner);
    const page1 = await owner.http.get('/v1/projects?limit=2');
    expect(page1.body).toMatchObject({ has_more: true });
    const page2 = await owner.http.get(`/v1/projects?limit=2&cursor=${page1.body.next_cursor}`);
    const ids = [...page1.body.data, ...page2.body.data].map((p: any) => p.id);
    expect(new Set(ids).size).toBe(4);
    expectError(await owner.http.get('/v1/projects?isArchived=maybe'), 400, 'invalid_request');
  });

  it('guards every route, including across organizations', async () => {
    const project = await createProject(alice);
    // Any credential of the organization may use projects (test/projects-service-accounts.test.ts): no caller class
    // is refused outright, and a key not on the project meets the same 404 as a person.
    const { key } = await createServiceAccountWithKey(orgA.admin.http, 'admin');
    expectError(await app.http.as(key).get(`/v1/projects/${project.id}`), 404, 'not_found');
    for (const c of [
      { route: 'GET /v1/projects/:id', body: undefined },
      { route: 'PATCH /v1/projects/:id', body: { description: 'x' } },
      { route: 'DELETE /v1/projects/:id', body: undefined },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: `/v1/projects/${project.id}`,
        body: c.body,
        crossOrg: { credential: orgB.admin.token, missingPath: `/v1/projects/${randomId()}` },
      });
    }
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/projects', path: '/v1/projects' });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/projects',
      path: '/v1/projects',
      body: { name: 'x' },
    });
  });
});

describe('project members', () => {
  it('lists the creator first as an implicit admin, then members by time added', async () => {
    const project = await createProject(alice);
    await alice.http.post(`/v1/projects/${project.id}/members`, { user_id: bob.user.id, role: 'admin' });
    await alice.http.post(`/v1/projects/${project.id}/members`, { user_id: carol.user.id });
    const res = await bob.http.get(`/v1/projects/${project.id}/members`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: any) => [m.user_id, m.role])).toEqual([
      [alice.user.id, 'admin'],
      [bob.user.id, 'admin'],
      [carol.user.id, 'member'],
    ]);
    expect(res.body.data[1]).toEqual({
      project_id: project.id,
      user_id: bob.user.id,
      service_account_id: null,
      role: 'admin',
      added_by_user_id: alice.user.id,
      added_by_service_account_id: null,
      added_at: expect.stringMatching(ISO_MS),
      display_name: 'Bob B',
    });
    expect(res.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('adds only users of the organization, once', async () => {
    const project = await createProject(alice);
    const path = `/v1/projects/${project.id}/members`;
    expectError(await alice.http.post(path, { user_id: orgB.admin.user.id }), 422, 'validation_error');
    expectError(await alice.http.post(path, { user_id: randomId() }), 422, 'validation_error');
    expectError(await alice.http.post(path, { user_id: bob.user.id, role: 'owner' }), 422, 'validation_error');
    expectError(await alice.http.post(path, { user_id: 'nope' }), 422, 'validation_error');
    expect((await alice.http.post(path, { user_id: bob.user.id })).status).toBe(201);
    expectError(await alice.http.post(path, { user_id: bob.user.id }), 409, 'already_member');
    expectError(await alice.http.post(path, { user_id: alice.user.id }), 409, 'already_member');
    expectError(await bob.http.post(path, { user_id: carol.user.id }), 403, 'forbidden');
    expectError(await carol.http.post(path, { user_id: carol.user.id }), 404, 'not_found');
  });

  it('changes roles (admins only) and removes members; anyone may leave', async () => {
    const project = await createProject(alice);
    const path = `/v1/projects/${project.id}/members`;
    await alice.http.post(path, { user_id: bob.user.id });
    await alice.http.post(path, { user_id: carol.user.id });
    expectError(await bob.http.patch(`${path}/${carol.user.id}`, { role: 'admin' }), 403, 'forbidden');
    expectError(await alice.http.patch(`${path}/${carol.user.id}`, { role: 'boss' }), 422, 'validation_error');
    expectError(await alice.http.patch(`${path}/${randomId()}`, { role: 'admin' }), 404, 'not_found');
    const promoted = await alice.http.patch(`${path}/${carol.user.id}`, { role: 'admin' });
    expect(promoted.body.role).toBe('admin');
    expectError(await bob.http.delete(`${path}/${carol.user.id}`), 403, 'forbidden');
    expect((await bob.http.delete(`${path}/${bob.user.id}`)).status).toBe(204);
    expectError(await bob.http.get(`/v1/projects/${project.id}`), 404, 'not_found');
    expect((await carol.http.delete(`${path}/${alice.user.id}`)).status).toBe(404);
    expect((await alice.http.delete(`${path}/${carol.user.id}`)).status).toBe(204);
  });

  it('guards every member route across organizations', async () => {
    const project = await createProject(alice);
    await alice.http.post(`/v1/projects/${project.id}/members`, { user_id: bob.user.id });
    for (const c of [
      { route: 'GET /v1/projects/:id/members', path: `/v1/projects/${project.id}/members`, body: undefined },
      {
        route: 'POST /v1/projects/:id/members',
        path: `/v1/projects/${project.id}/members`,
        body: { user_id: carol.user.id },
      },
      {
        route: 'PATCH /v1/projects/:id/members/:userId',
        path: `/v1/projects/${project.id}/members/${bob.user.id}`,
        body: { role: 'admin' },
      },
      {
        route: 'DELETE /v1/projects/:id/members/:userId',
        path: `/v1/projects/${project.id}/members/${bob.user.id}`,
        body: undefined,
      },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: c.body,
        crossOrg: { credential: orgB.admin.token, missingPath: c.path.replace(project.id, randomId()) },
      });
    }
  });
});
