import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArtifactsService, createArtifactsService } from '../src/modules/artifacts/service.ts';
import { triggerEventListener } from '../src/modules/triggers/index.ts';
import type { Executor } from '../src/platform/db/client.ts';
import { threads } from '../src/platform/db/schema/index.ts';
import { composeInternalEvents } from '../src/platform/events/internal.ts';
import { newId } from '../src/platform/ids.ts';
import { type BlobStorage, createBlobStorage } from '../src/platform/storage/index.ts';
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
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let db: Executor;
let storage: BlobStorage;
let service: ArtifactsService;
let orgA: TestOrg;
let orgB: TestOrg;
let owner: OrgUser;
let member: OrgUser;
let outsider: OrgUser;
let botKey: string;
let projectThread: string;
let privateThread: string;
let botThread: string;

const ARTIFACT_FIELDS = [
  'id',
  'organization_id',
  'thread_id',
  'parent_id',
  'run_id',
  'created_by_tool',
  'type',
  'title',
  'description',
  'filename',
  'mime_type',
  'size_bytes',
  'storage_key',
  'status',
  'code',
  'content',
  'generator',
  'generator_version',
  'prompt',
  'model',
  'created_at',
  'updated_at',
].sort();

async function insertThread(ownerId: string, projectId: string | null = null): Promise<string> {
  const id = newId();
  await db.insert(threads).values({
    id,
    organizationId: orgA.org.id,
    ownerId,
    createdByType: 'user',
    createdById: ownerId,
    projectId,
  });
  return id;
}

/** An artifact made the way a run makes one: through createArtifact, with the real storage. */
function makeArtifact(threadId: string, filename = 'notes.md', text = `# ${filename}\n`) {
  return service.createArtifact(db, {
    organizationId: orgA.org.id,
    threadId,
    runId: newId(),
    actId: newId(),
    createdByTool: 'create_file',
    filename,
    mimeType: 'text/markdown',
    bytes: Buffer.from(text),
    title: `Title of ${filename}`,
    content: text,
    generator: 'atrium',
    generatorVersion: '1',
    prompt: 'Write notes',
    model: 'test-model',
  });
}

beforeAll(async () => {
  app = await startTestApp();
  db = app.server.database.db;
  storage = createBlobStorage(app.config, { baseUrl: () => app.url });
  await storage.start();
  // createArtifact never looks at visibility; the HTTP routes under test use the app's own service.
  service = createArtifactsService({
    db,
    storage,
    threads: { getVisible: () => Promise.reject(new Error('unused')) },
    internalEvents: composeInternalEvents(triggerEventListener),
  });
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  owner = await addUser(app, orgA.admin.http);
  member = await addUser(app, orgA.admin.http);
  outsider = await addUser(app, orgA.admin.http);
  const bot = await createServiceAccountWithKey(orgA.admin.http, 'admin');
  botKey = bot.key;
  const projectId = (await owner.http.post('/v1/projects', { name: unique('Artifacts') })).body.id as string;
  const added = await owner.http.post(`/v1/projects/${projectId}/members`, { user_id: member.user.id });
  expect(added.status, added.text).toBe(201);
  projectThread = await insertThread(owner.user.id, projectId);
  privateThread = await insertThread(owner.user.id);
  botThread = await insertThread(bot.account.id);
});
afterAll(() => app?.close());

describe('artifacts over HTTP', () => {
  it('lists ready artifacts of a thread newest first, page by page, with every field', async () => {
    const made = [];
    for (const name of ['a.md', 'b.md', 'c.md']) made.push(await makeArtifact(projectThread, name));
    const first = await owner.http.get(`/v1/threads/${projectThread}/artifacts?limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((a: any) => a.filename)).toEqual(['c.md', 'b.md']);
    expect(first.body.has_more).toBe(true);
    const second = await owner.http.get(
      `/v1/threads/${projectThread}/artifacts?limit=2&cursor=${first.body.next_cursor}`,
    );
    expect(second.body).toEqual({
      data: [expect.objectContaining({ filename: 'a.md' })],
      has_more: false,
      next_cursor: null,
    });
    const row = second.body.data[0];
    expect(Object.keys(row).sort()).toEqual(ARTIFACT_FIELDS);
    expect(row).toMatchObject({
      id: made[0]!.id,
      organization_id: orgA.org.id,
      thread_id: projectThread,
      parent_id: null,
      run_id: made[0]!.runId,
      created_by_tool: 'create_file',
      type: 'document',
      title: 'Title of a.md',
      description: null,
      mime_type: 'text/markdown',
      size_bytes: 7,
      status: 'ready',
      code: null,
      content: '# a.md\n',
      generator: 'atrium',
      generator_version: '1',
      prompt: 'Write notes',
      model: 'test-model',
    });
    expect(row.storage_key).toBe(`organizations/${orgA.org.id}/threads/${projectThread}/artifacts/${row.id}`);
    expect(row.created_at).toMatch(ISO_MS);
    expect(row.updated_at).toMatch(ISO_MS);
    // Project members see the project's threads; the default page size holds them all.
    const asMember = await member.http.get(`/v1/threads/${projectThread}/artifacts`);
    expect(asMember.body.data.map((a: any) => a.id)).toEqual(made.map((m) => m.id).reverse());
    // A thread without artifacts is an empty page.
    expect((await owner.http.get(`/v1/threads/${privateThread}/artifacts`)).body).toEqual({
      data: [],
      has_more: false,
      next_cursor: null,
    });
  });

  it('gets one artifact and a download URL that serves its bytes for an hour', async () => {
    const text = 'Résumé — downloadable\n';
    const artifact = await makeArtifact(projectThread, 'résumé notes.md', text);
    const got = await member.http.get(`/v1/artifacts/${artifact.id}`);
    expect(got.status, got.text).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(ARTIFACT_FIELDS);
    expect(got.body).toMatchObject({
      id: artifact.id,
      filename: 'résumé notes.md',
      size_bytes: Buffer.byteLength(text),
    });

    const download = await owner.http.get(`/v1/artifacts/${artifact.id}/download`);
    expect(download.status, download.text).toBe(200);
    const lifetime = Date.parse(download.body.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    const file = await fetch(download.body.download_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/markdown');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''r%C3%A9sum%C3%A9%20notes.md");
    expect(Buffer.from(await file.arrayBuffer()).toString('utf8')).toBe(text);
  });

  it('deletes: 204, then 404 everywhere and gone from the list, with the blob kept', async () => {
    const artifact = await makeArtifact(projectThread, 'doomed.md');
    expect((await member.http.delete(`/v1/artifacts/${artifact.id}`)).status).toBe(204);
    expectError(await owner.http.get(`/v1/artifacts/${artifact.id}`), 404, 'not_found');
    expectError(await owner.http.get(`/v1/artifacts/${artifact.id}/download`), 404, 'not_found');
    expectError(await owner.http.delete(`/v1/artifacts/${artifact.id}`), 404, 'not_found');
    const list = await owner.http.get(`/v1/threads/${projectThread}/artifacts?limit=100`);
    expect(list.body.data.map((a: any) => a.id)).not.toContain(artifact.id);
    expect(await storage.exists(artifact.storageKey)).toBe(true);
  });

  it('follows the thread: private threads are hidden from other members and from org admins', async () => {
    const mine = await makeArtifact(privateThread, 'private.md');
    for (const viewer of [member, outsider, orgA.admin]) {
      expectError(await viewer.http.get(`/v1/threads/${privateThread}/artifacts`), 404, 'not_found');
      expectError(await viewer.http.get(`/v1/artifacts/${mine.id}`), 404, 'not_found');
      expectError(await viewer.http.get(`/v1/artifacts/${mine.id}/download`), 404, 'not_found');
      expectError(await viewer.http.delete(`/v1/artifacts/${mine.id}`), 404, 'not_found');
    }
    expectError(await outsider.http.get(`/v1/threads/${projectThread}/artifacts`), 404, 'not_found');
    expect((await owner.http.get(`/v1/artifacts/${mine.id}`)).status).toBe(200);
  });

  it("lets a service account see its own threads' artifacts and nobody else's", async () => {
    const bots = await makeArtifact(botThread, 'bot.md');
    const asBot = app.http.as(botKey);
    expect((await asBot.get(`/v1/threads/${botThread}/artifacts`)).body.data.map((a: any) => a.id)).toEqual([bots.id]);
    expect((await asBot.get(`/v1/artifacts/${bots.id}/download`)).status).toBe(200);
    expectError(await owner.http.get(`/v1/artifacts/${bots.id}`), 404, 'not_found');
    expectError(await asBot.get(`/v1/threads/${projectThread}/artifacts`), 404, 'not_found');
  });

  it('answers malformed ids with 404 and bad paging with 400', async () => {
    for (const path of ['/v1/threads/nope/artifacts', '/v1/artifacts/nope', '/v1/artifacts/nope/download']) {
      expectError(await owner.http.get(path), 404, 'not_found');
    }
    expectError(await owner.http.delete('/v1/artifacts/12345'), 404, 'not_found');
    expectError(await owner.http.get(`/v1/threads/${randomId()}/artifacts`), 404, 'not_found');
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      'cursor=garbage',
      `cursor=${'x'.repeat(600)}`,
    ]) {
      expectError(await owner.http.get(`/v1/threads/${projectThread}/artifacts?${query}`), 400, 'invalid_request');
    }
    const forged = Buffer.from(JSON.stringify(['2024-02-30T00:00:00.000Z', randomId()])).toString('base64url');
    expectError(
      await owner.http.get(`/v1/threads/${projectThread}/artifacts?cursor=${forged}`),
      400,
      'invalid_request',
    );
  });

  it('owes every route its security cases: 401 without a valid credential, 404 across organizations', async () => {
    const artifact = await makeArtifact(projectThread, 'secure.md');
    for (const c of [
      {
        route: 'GET /v1/threads/:id/artifacts',
        path: `/v1/threads/${projectThread}/artifacts`,
        missingPath: `/v1/threads/${randomId()}/artifacts`,
      },
      {
        route: 'GET /v1/artifacts/:id',
        path: `/v1/artifacts/${artifact.id}`,
        missingPath: `/v1/artifacts/${randomId()}`,
      },
      {
        route: 'GET /v1/artifacts/:id/download',
        path: `/v1/artifacts/${artifact.id}/download`,
        missingPath: `/v1/artifacts/${randomId()}/download`,
      },
      {
        route: 'DELETE /v1/artifacts/:id',
        path: `/v1/artifacts/${artifact.id}`,
        missingPath: `/v1/artifacts/${randomId()}`,
      },
    ] as const) {
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        crossOrg: { credential: orgB.admin.token, missingPath: c.missingPath },
      });
    }
    // None of that touched it.
    expect((await owner.http.get(`/v1/artifacts/${artifact.id}`)).status).toBe(200);
  });
});
