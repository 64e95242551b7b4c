import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { uploadAndCommit, waitForIndex } from './helpers/ingestion.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';
import { randomId } from './helpers/security.ts';

/**
 * Service accounts use projects through their keys as people do (issue 19): a key's service account sees the
 * projects it created and those it is a member of; members are users or service accounts of the organization.
 */

interface Bot {
  account: { id: string; name: string };
  http: Client;
}

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let alice: OrgUser;
let bob: OrgUser;
let bot1: Bot;
let bot2: Bot;
/** An admin-role service account: it has what an org admin has in projects, which is nothing extra. */
let adminBot: Bot;
let otherOrgBot: Bot;

const bot = async (org: TestOrg, role: 'admin' | 'member' = 'member'): Promise<Bot> => {
  const { account, key } = await createServiceAccountWithKey(org.admin.http, role);
  return { account, http: app.http.as(key) };
};

beforeAll(async () => {
  app = await startTestApp();
  [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  alice = await addUser(app, orgA.admin.http, { first_name: 'Alice', last_name: 'A' });
  bob = await addUser(app, orgA.admin.http, { first_name: 'Bob', last_name: 'B' });
  bot1 = await bot(orgA);
  bot2 = await bot(orgA);
  adminBot = await bot(orgA, 'admin');
  otherOrgBot = await bot(orgB);
});
afterAll(() => app?.close());

const createProject = async (http: Client) => {
  const res = await http.post('/v1/projects', { name: unique('Project') });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; created_by: string };
};

const addMember = async (http: Client, projectId: string, body: Record<string, unknown>) => {
  const res = await http.post(`/v1/projects/${projectId}/members`, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
};

const listedIds = async (http: Client) => {
  const res = await http.get('/v1/projects');
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((p: any) => p.id) as string[];
};

describe('a service account in projects', () => {
  it('creates a project it administers; other keys and people do not see it until it adds them', async () => {
    const res = await bot1.http.post('/v1/projects', { name: '  Bot plan  ', description: 'made by a key' });
    expect(res.status, res.text).toBe(201);
    const project = res.body;
    expect(project).toMatchObject({
      name: 'Bot plan',
      description: 'made by a key',
      status: 'active',
      created_by: bot1.account.id,
      organization_id: orgA.org.id,
    });
    expect((await bot1.http.get(`/v1/projects/${project.id}`)).body).toEqual(project);
    const [row] = (await bot1.http.get('/v1/projects')).body.data.filter((p: any) => p.id === project.id);
    expect(row).toMatchObject({ member_count: 1, viewer_role: 'admin', conversation_count: 0, file_count: 0 });
    expect(row.member_preview).toEqual([
      { user_id: null, service_account_id: bot1.account.id, display_name: bot1.account.name },
    ]);

    // Another service account, an admin-role key and an org admin alike: visibility is membership.
    for (const outsider of [bot2.http, adminBot.http, orgA.admin.http]) {
      expectError(await outsider.get(`/v1/projects/${project.id}`), 404, 'not_found');
      expect(await listedIds(outsider)).not.toContain(project.id);
    }

    const added = await addMember(bot1.http, project.id, { service_account_id: bot2.account.id });
    expect(added).toEqual({
      project_id: project.id,
      user_id: null,
      service_account_id: bot2.account.id,
      role: 'member',
      added_by_user_id: null,
      added_by_service_account_id: bot1.account.id,
      added_at: expect.stringMatching(ISO_MS),
      display_name: bot2.account.name,
    });
    expect((await bot2.http.get(`/v1/projects/${project.id}`)).status).toBe(200);
    const asMember = (await bot2.http.get('/v1/projects')).body.data.find((p: any) => p.id === project.id);
    expect(asMember).toMatchObject({ viewer_role: 'member', member_count: 2 });

    const members = await bot2.http.get(`/v1/projects/${project.id}/members`);
    expect(members.status).toBe(200);
    expect(members.body).toEqual({
      data: [
        {
          project_id: project.id,
          user_id: null,
          service_account_id: bot1.account.id,
          role: 'admin',
          added_by_user_id: null,
          added_by_service_account_id: null,
          added_at: project.created_at,
          display_name: bot1.account.name,
        },
        added,
      ],
      has_more: false,
      next_cursor: null,
    });
  });

  it('keeps changes for project admins: a member key gets 403 until promoted, and may leave', async () => {
    const project = await createProject(bot1.http);
    const path = `/v1/projects/${project.id}`;
    await addMember(bot1.http, project.id, { service_account_id: bot2.account.id });

    expectError(await bot2.http.patch(path, { description: 'nope' }), 403, 'forbidden');
    expectError(await bot2.http.delete(path), 403, 'forbidden');
    expectError(await bot2.http.post(`${path}/members`, { user_id: alice.user.id }), 403, 'forbidden');
    expectError(await bot2.http.patch(`${path}/members/${bot1.account.id}`, { role: 'member' }), 403, 'forbidden');

    const promoted = await bot1.http.patch(`${path}/members/${bot2.account.id}`, { role: 'admin' });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({ service_account_id: bot2.account.id, user_id: null, role: 'admin' });
    const patched = await bot2.http.patch(path, { description: 'by the second key' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.description).toBe('by the second key');

    expect((await bot2.http.delete(`${path}/members/${bot2.account.id}`)).status).toBe(204);
    expectError(await bot2.http.get(path), 404, 'not_found');
    expectError(await bot1.http.delete(`${path}/members/${bot2.account.id}`), 404, 'not_found');
    expect((await bot1.http.delete(path)).status).toBe(204);
    expect(await listedIds(bot1.http)).not.toContain(project.id);
  });

  it('mixes people and service accounts: a person adds a key, the key (once admin) adds a person', async () => {
    const project = await createProject(alice.http);
    const path = `/v1/projects/${project.id}/members`;
    const botMember = await addMember(alice.http, project.id, { service_account_id: bot1.account.id });
    expect(botMember).toMatchObject({ added_by_user_id: alice.user.id, added_by_service_account_id: null });
    expect((await bot1.http.get(`/v1/projects/${project.id}`)).status).toBe(200);
    expectError(await bot1.http.post(path, { user_id: bob.user.id }), 403, 'forbidden');

    await alice.http.patch(`${path}/${bot1.account.id}`, { role: 'admin' });
    // camelCase bodies are accepted as everywhere.
    const bobMember = await addMember(bot1.http, project.id, { userId: bob.user.id });
    expect(bobMember).toEqual({
      project_id: project.id,
      user_id: bob.user.id,
      service_account_id: null,
      role: 'member',
      added_by_user_id: null,
      added_by_service_account_id: bot1.account.id,
      added_at: expect.stringMatching(ISO_MS),
      display_name: 'Bob B',
    });
    expect((await bob.http.get(`/v1/projects/${project.id}`)).status).toBe(200);

    const row = (await alice.http.get('/v1/projects')).body.data.find((p: any) => p.id === project.id);
    expect(row.member_count).toBe(3);
    expect(row.member_preview).toEqual([
      { user_id: alice.user.id, service_account_id: null, display_name: 'Alice A' },
      { user_id: null, service_account_id: bot1.account.id, display_name: bot1.account.name },
      { user_id: bob.user.id, service_account_id: null, display_name: 'Bob B' },
    ]);

    expectError(await bot1.http.post(path, { user_id: bob.user.id }), 409, 'already_member');
    expectError(await alice.http.post(path, { service_account_id: bot1.account.id }), 409, 'already_member');
    expectError(await bot1.http.post(path, { user_id: alice.user.id }), 409, 'already_member');

    // A person removes the key; the key no longer sees the project or its members.
    expect((await alice.http.delete(`${path}/${bot1.account.id}`)).status).toBe(204);
    expectError(await bot1.http.get(`/v1/projects/${project.id}`), 404, 'not_found');
    expectError(await bot1.http.get(path), 404, 'not_found');
  });

  it('422s a member body that is not exactly one live principal of this organization', async () => {
    const project = await createProject(bot1.http);
    const path = `/v1/projects/${project.id}/members`;
    const gone = (await orgA.admin.http.post('/v1/service-accounts', { name: unique('gone') })).body;
    expect((await orgA.admin.http.delete(`/v1/service-accounts/${gone.id}`)).status).toBe(204);

    const exactlyOne = 'Give exactly one of user_id and service_account_id';
    const notAccount = 'service_account_id is not a service account of this organization';
    const notUser = 'user_id is not a user of this organization';
    for (const [body, message] of [
      [{ user_id: alice.user.id, service_account_id: bot2.account.id }, exactlyOne],
      [{}, exactlyOne],
      [{ role: 'admin' }, exactlyOne],
      [{ service_account_id: randomId() }, notAccount],
      [{ service_account_id: otherOrgBot.account.id }, notAccount],
      [{ service_account_id: alice.user.id }, notAccount],
      [{ service_account_id: gone.id }, notAccount],
      [{ user_id: bot2.account.id }, notUser],
      [{ user_id: orgB.admin.user.id }, notUser],
    ] as const) {
      const res = await bot1.http.post(path, body);
      expectError(res, 422, 'validation_error');
      expect(res.body.error, JSON.stringify(body)).toBe(message);
    }
    expectError(await bot1.http.post(path, { service_account_id: 'nope' }), 422, 'validation_error');
    expectError(await bot1.http.post(path, { service_account_id: bot2.account.id, x: 1 }), 400, 'invalid_request');
    expect((await bot1.http.get(path)).body.data).toHaveLength(1);
  });

  it('is a 404 to another organization: its keys, its people, and its service accounts as members', async () => {
    const project = await createProject(bot1.http);
    const thread = (await bot1.http.post('/v1/threads', { project_id: project.id })).body;
    for (const stranger of [otherOrgBot.http, orgB.admin.http]) {
      expectError(await stranger.get(`/v1/projects/${project.id}`), 404, 'not_found');
      expectError(await stranger.get(`/v1/projects/${project.id}/members`), 404, 'not_found');
      expectError(
        await stranger.post(`/v1/projects/${project.id}/members`, { service_account_id: otherOrgBot.account.id }),
        404,
        'not_found',
      );
      expectError(await stranger.patch(`/v1/projects/${project.id}`, { name: 'x' }), 404, 'not_found');
      expectError(await stranger.post('/v1/threads', { project_id: project.id }), 404, 'not_found');
      expectError(await stranger.get(`/v1/threads/${thread.id}`), 404, 'not_found');
      expect(await listedIds(stranger)).not.toContain(project.id);
    }
  });
});

describe("a service account's project files and threads", () => {
  const phrase = 'periwinkle manifest';
  let project: { id: string };
  let fileId: string;

  beforeAll(async () => {
    project = await createProject(bot1.http);
    await addMember(bot1.http, project.id, { user_id: alice.user.id });
    fileId = await uploadAndCommit(bot1.http, project.id, {
      filename: 'notes.txt',
      mimeType: 'text/plain',
      data: Buffer.from(`Shipping notes: the ${phrase} is due on Friday.`),
    });
    expect((await waitForIndex(bot1.http, fileId, 30_000)).file.index_status).toBe('ready');
  });

  it('uploads, lists, downloads, searches and deletes files; outsiders get 404', async () => {
    const file = await bot1.http.get(`/v1/project-files/${fileId}`);
    expect(file.body).toMatchObject({ project_id: project.id, status: 'ready', uploaded_by: bot1.account.id });
    const list = await bot1.http.get(`/v1/projects/${project.id}/files`);
    expect(list.body.data.map((f: any) => f.id)).toContain(fileId);
    const download = await bot1.http.get(`/v1/project-files/${fileId}/download`);
    expect(download.status, download.text).toBe(200);
    expect(await (await fetch(download.body.download_url)).text()).toContain(phrase);

    for (const member of [bot1.http, alice.http]) {
      const search = await member.get(`/v1/projects/${project.id}/search?q=periwinkle`);
      expect(search.status, search.text).toBe(200);
      expect(search.body.data.map((h: any) => [h.file_id, h.filename])).toEqual([[fileId, 'notes.txt']]);
    }
    for (const outsider of [bot2.http, bob.http]) {
      expectError(await outsider.get(`/v1/projects/${project.id}/search?q=periwinkle`), 404, 'not_found');
      expectError(await outsider.get(`/v1/project-files/${fileId}`), 404, 'not_found');
      expectError(await outsider.get(`/v1/project-files/${fileId}/download`), 404, 'not_found');
    }

    const doomed = await uploadAndCommit(bot1.http, project.id, {
      filename: 'scratch.txt',
      mimeType: 'text/plain',
      data: Buffer.from('scratch'),
    });
    await waitForIndex(bot1.http, doomed, 30_000);
    expectError(await bot2.http.delete(`/v1/project-files/${doomed}`), 404, 'not_found');
    expect((await bot1.http.delete(`/v1/project-files/${doomed}`)).status).toBe(204);
    expectError(await bot1.http.get(`/v1/project-files/${doomed}/download`), 404, 'not_found');
  });

  it("shares project threads both ways; a key's run in a project thread searches the project's files", async () => {
    const botThread = await bot1.http.post('/v1/threads', { title: 'from the bot', project_id: project.id });
    expect(botThread.status, botThread.text).toBe(201);
    expect(botThread.body).toMatchObject({ project_id: project.id, created_by_id: bot1.account.id });
    const aliceThread = (await alice.http.post('/v1/threads', { title: 'from Alice', project_id: project.id })).body;

    expect((await alice.http.get(`/v1/threads/${botThread.body.id}`)).status).toBe(200);
    expect((await bot1.http.get(`/v1/threads/${aliceThread.id}`)).status).toBe(200);
    const listed = await bot1.http.get(`/v1/threads?projectId=${project.id}`);
    expect(listed.body.data.map((t: any) => t.id)).toEqual([aliceThread.id, botThread.body.id]);
    for (const outsider of [bot2.http, bob.http]) {
      expectError(await outsider.get(`/v1/threads/${botThread.body.id}`), 404, 'not_found');
      expectError(await outsider.post('/v1/threads', { project_id: project.id }), 404, 'not_found');
    }
    // The bot is the project's admin (its creator): it may rename Alice's project thread; Alice, a member, not its.
    expect((await bot1.http.patch(`/v1/threads/${aliceThread.id}`, { title: 'renamed' })).status).toBe(200);
    expectError(await alice.http.patch(`/v1/threads/${botThread.body.id}`, { title: 'x' }), 403, 'forbidden');

    const { run } = await postAndRun(
      bot1.http,
      botThread.body.id,
      `/tool search_project_files ${JSON.stringify({ query: 'periwinkle' })}`,
    );
    const snapshot = await waitForRun(bot1.http, botThread.body.id, run.id);
    expect(snapshot.run.status).toBe('completed');
    expect(snapshot.acts).toHaveLength(1);
    expect(snapshot.acts[0]).toMatchObject({ status: 'completed', error: null });
    expect(snapshot.outputMessage.content).toContain('"filename":"notes.txt"');
    // The project's people read the key's run; others do not.
    expect((await alice.http.get(`/v1/threads/${botThread.body.id}/runs/${run.id}`)).status).toBe(200);
    expectError(await bot2.http.get(`/v1/threads/${botThread.body.id}/runs/${run.id}`), 404, 'not_found');

    // Removed from the project, Alice no longer sees the key's project thread.
    expect((await bot1.http.delete(`/v1/projects/${project.id}/members/${alice.user.id}`)).status).toBe(204);
    expectError(await alice.http.get(`/v1/threads/${botThread.body.id}`), 404, 'not_found');
  });
});
