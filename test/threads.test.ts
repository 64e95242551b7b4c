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

const THREAD_KEYS = [
  'created_at',
  'created_by_id',
  'created_by_type',
  'id',
  'is_pinned',
  'organization_id',
  'project_id',
  'title',
  'updated_at',
];

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice' });
  bob = await addUser(app, orgA.admin.http, { first_name: 'Bob' });
  carol = await addUser(app, orgA.admin.http, { first_name: 'Carol' });
});
afterAll(() => app?.close());

const createThread = async (who: OrgUser, body: Record<string, unknown> = {}) => {
  const res = await who.http.post('/v1/threads', body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};

/** A project of Alice's with Bob as a member and Carol as a project admin. */
async function sharedProject() {
  const project = (await alice.http.post('/v1/projects', { name: unique('Shared') })).body;
  expect((await alice.http.post(`/v1/projects/${project.id}/members`, { user_id: bob.user.id })).status).toBe(201);
  expect(
    (await alice.http.post(`/v1/projects/${project.id}/members`, { user_id: carol.user.id, role: 'admin' })).status,
  ).toBe(201);
  return project;
}

describe('POST /v1/threads', () => {
  it('creates a user thread with the exact record', async () => {
    const res = await alice.http.post('/v1/threads', { title: '  Planning  ' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(THREAD_KEYS);
    expect(res.body).toMatchObject({
      organization_id: orgA.org.id,
      created_by_type: 'user',
      created_by_id: alice.user.id,
      title: 'Planning',
      project_id: null,
      is_pinned: false,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_MS);
  });

  it('accepts an empty body and camelCase fields; the user creator is always the caller', async () => {
    const empty = await alice.http.post('/v1/threads');
    expect(empty.status, empty.text).toBe(201);
    expect(empty.body.title).toBeNull();
    const camel = await alice.http.post('/v1/threads', { createdByType: 'user', createdById: bob.user.id });
    expect(camel.status, camel.text).toBe(201);
    expect(camel.body.created_by_id).toBe(alice.user.id);
  });

  it('places a thread in a project the caller can see, and 404s one they cannot', async () => {
    const project = await sharedProject();
    const inProject = await createThread(bob, { projectId: project.id });
    expect(inProject.project_id).toBe(project.id);
    const outsider = await addUser(app, orgA.admin.http);
    expectError(await outsider.http.post('/v1/threads', { project_id: project.id }), 404, 'not_found');
    expectError(await orgB.admin.http.post('/v1/threads', { project_id: project.id }), 404, 'not_found');
  });

  it('validates the body', async () => {
    expectError(await alice.http.post('/v1/threads', { title: 'x'.repeat(256) }), 400, 'invalid_request');
    expectError(await alice.http.post('/v1/threads', { project_id: 'nope' }), 400, 'invalid_request');
    expectError(await alice.http.post('/v1/threads', { created_by_type: 'robot' }), 400, 'invalid_request');
    expectError(await alice.http.post('/v1/threads', { colour: 'blue' }), 400, 'invalid_request');
    // Agents and workflows must be live resources of the organization.
    expectError(await alice.http.post('/v1/threads', { created_by_type: 'agent' }), 400, 'invalid_request');
    expectError(
      await alice.http.post('/v1/threads', { created_by_type: 'workflow', created_by_id: randomId() }),
      400,
      'invalid_request',
    );
  });

  it('lets a service account own threads', async () => {
    const { key, account } = await createServiceAccountWithKey(orgA.admin.http);
    const res = await app.http.as(key).post('/v1/threads', { title: 'bot thread' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.created_by_id).toBe(account.id);
    expect((await app.http.as(key).get(`/v1/threads/${res.body.id}`)).status).toBe(200);
    expectError(await alice.http.get(`/v1/threads/${res.body.id}`), 404, 'not_found');
  });

  it('owes the security cases', async () => {
    await expectRouteSecurity({ http: app.http, route: 'POST /v1/threads', path: '/v1/threads', body: {} });
  });
});

describe('GET /v1/threads/:id and visibility', () => {
  it('shows a private thread to its creator only, and a project thread to project members', async () => {
    const priv = await createThread(alice, { title: 'mine' });
    const got = await alice.http.get(`/v1/threads/${priv.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ ...priv, active_run_id: null });
    // Org admins get no special view of members' private threads.
    expectError(await orgA.admin.http.get(`/v1/threads/${priv.id}`), 404, 'not_found');
    expectError(await bob.http.get(`/v1/threads/${priv.id}`), 404, 'not_found');

    const project = await sharedProject();
    const shared = await createThread(alice, { project_id: project.id });
    expect((await bob.http.get(`/v1/threads/${shared.id}`)).status).toBe(200);
    expect((await carol.http.get(`/v1/threads/${shared.id}`)).status).toBe(200);
  });

  it('owes the security cases, including the cross-org probe', async () => {
    const thread = await createThread(alice);
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/threads/:id',
      path: `/v1/threads/${thread.id}`,
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/threads/${randomId()}` },
    });
    expectError(await alice.http.get('/v1/threads/not-a-uuid'), 404, 'not_found');
  });
});

describe('GET /v1/threads', () => {
  it('lists visible threads newest first with every filter and keyset pages', async () => {
    const dave = await addUser(app, orgA.admin.http);
    const project = (await dave.http.post('/v1/projects', { name: unique('P') })).body;
    const t1 = await createThread(dave, { title: 'Budget review' });
    const t2 = await createThread(dave, { title: 'Hiring plan', project_id: project.id });
    const t3 = await createThread(dave, { title: 'budget v2' });
    expect((await dave.http.patch(`/v1/threads/${t1.id}`, { is_pinned: true })).status).toBe(200);
    await createThread(alice, { title: 'Budget of someone else' });

    const all = await dave.http.get('/v1/threads');
    expect(all.status).toBe(200);
    expect(all.body.data.map((t: any) => t.id)).toEqual([t3.id, t2.id, t1.id]);
    expect(all.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(Object.keys(all.body.data[0]).sort()).toEqual(THREAD_KEYS);

    const ids = async (query: string) => (await dave.http.get(`/v1/threads?${query}`)).body.data.map((t: any) => t.id);
    expect(await ids('search=BUDGET')).toEqual([t3.id, t1.id]);
    expect(await ids(`projectId=${project.id}`)).toEqual([t2.id]);
    expect(await ids('isPinned=true')).toEqual([t1.id]);
    expect(await ids('is_pinned=false')).toEqual([t3.id, t2.id]);
    expect(await ids('createdByType=user')).toEqual([t3.id, t2.id, t1.id]);
    expect(await ids('createdByType=agent')).toEqual([]);
    expect(await ids(`createdById=${dave.user.id}`)).toEqual([t3.id, t2.id, t1.id]);
    expect(await ids(`createdFrom=${encodeURIComponent(t2.created_at)}`)).toEqual([t3.id, t2.id]);
    expect(await ids(`createdTo=${encodeURIComponent(t2.created_at)}`)).toEqual([t2.id, t1.id]);
    expect(await ids('search=%25')).toEqual([]);

    const page1 = await dave.http.get('/v1/threads?limit=2');
    expect(page1.body.data.map((t: any) => t.id)).toEqual([t3.id, t2.id]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await dave.http.get(`/v1/threads?limit=2&cursor=${page1.body.next_cursor}`);
    expect(page2.body.data.map((t: any) => t.id)).toEqual([t1.id]);
    expect(page2.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('validates the query', async () => {
    for (const q of [
      'limit=0',
      'limit=101',
      'cursor=garbage',
      'createdFrom=yesterday',
      'isPinned=yes',
      'projectId=1',
    ]) {
      expectError(await alice.http.get(`/v1/threads?${q}`), 400, 'invalid_request');
    }
  });

  it('never lists another organization’s threads', async () => {
    const theirs = await createThread(alice, { title: unique('secret') });
    const res = await orgB.admin.http.get(`/v1/threads?search=${theirs.title}`);
    expect(res.body.data).toEqual([]);
  });

  it('owes the security cases', async () => {
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/threads', path: '/v1/threads' });
  });
});

describe('PATCH /v1/threads/:id', () => {
  it('renames and clears the title, stamping updated_at; pinning leaves updated_at alone', async () => {
    const thread = await createThread(alice, { title: 'Old' });
    await new Promise((r) => setTimeout(r, 5));
    const renamed = await alice.http.patch(`/v1/threads/${thread.id}`, { title: 'New', status: 'ignored' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'New', active_run_id: null });
    expect(renamed.body.updated_at > thread.updated_at).toBe(true);

    await new Promise((r) => setTimeout(r, 5));
    const pinned = await alice.http.patch(`/v1/threads/${thread.id}`, { isPinned: true });
    expect(pinned.body.is_pinned).toBe(true);
    expect(pinned.body.updated_at).toBe(renamed.body.updated_at);

    const cleared = await alice.http.patch(`/v1/threads/${thread.id}`, { title: null });
    expect(cleared.body.title).toBeNull();
  });

  it('moves a thread into and out of a project', async () => {
    const project = await sharedProject();
    const thread = await createThread(alice);
    const moved = await alice.http.patch(`/v1/threads/${thread.id}`, { project_id: project.id });
    expect(moved.body.project_id).toBe(project.id);
    const out = await alice.http.patch(`/v1/threads/${thread.id}`, { project_id: null });
    expect(out.body.project_id).toBeNull();
    expectError(await alice.http.patch(`/v1/threads/${thread.id}`, { project_id: randomId() }), 404, 'not_found');
  });

  it('is 403 for a member who sees the thread but neither created it nor administers the project', async () => {
    const project = await sharedProject();
    const thread = await createThread(alice, { project_id: project.id });
    expectError(await bob.http.patch(`/v1/threads/${thread.id}`, { title: 'hijack' }), 403, 'forbidden');
    const byProjectAdmin = await carol.http.patch(`/v1/threads/${thread.id}`, { title: 'Tidied' });
    expect(byProjectAdmin.status, byProjectAdmin.text).toBe(200);
  });

  it('answers a project admin who moves a thread out of the project with 200 and the changed thread', async () => {
    const project = await sharedProject();
    const thread = await createThread(alice, { project_id: project.id });
    const moved = await carol.http.patch(`/v1/threads/${thread.id}`, { projectId: null, title: 'Moved out' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ id: thread.id, project_id: null, title: 'Moved out', active_run_id: null });
    // Out of the project, the thread is Alice's alone again.
    expectError(await carol.http.get(`/v1/threads/${thread.id}`), 404, 'not_found');
    expect((await alice.http.get(`/v1/threads/${thread.id}`)).body.project_id).toBeNull();
  });

  it('validates the body and owes the security cases', async () => {
    const thread = await createThread(alice);
    expectError(await alice.http.patch(`/v1/threads/${thread.id}`, { title: 'x'.repeat(256) }), 400, 'invalid_request');
    expectError(await alice.http.patch(`/v1/threads/${thread.id}`, { is_pinned: 'yes' }), 400, 'invalid_request');
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/threads/:id',
      path: `/v1/threads/${thread.id}`,
      body: { title: 'x' },
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/threads/${randomId()}` },
    });
  });
});
