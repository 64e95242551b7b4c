import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/platform/db/schema/index.ts';
import { BLOB_DELETE_JOB } from '../src/platform/storage/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually, expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, type OrgUser, unique } from './helpers/fixtures.ts';

let app: TestApp;
let owner: OrgUser;
let projectId: string;

beforeAll(async () => {
  app = await startTestApp();
  const org = await createOrgWithAdmin(app);
  owner = await addUser(app, org.admin.http);
  projectId = (await owner.http.post('/v1/projects', { name: unique('Files') })).body.id;
});
afterAll(() => app?.close());

const put = (url: string, body: Buffer) =>
  fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(body) });

async function requestUpload(sizeBytes: number, project = projectId, filename = 'notes.txt') {
  const res = await owner.http.post(`/v1/projects/${project}/files/upload-url`, {
    filename,
    mimeType: 'text/plain',
    sizeBytes,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { file_id: string; upload_url: string; expires_at: string };
}

/** Upload, commit and wait for indexing: a file as a project holds it. */
async function committedFile(data: Buffer) {
  const upload = await requestUpload(data.length);
  expect((await put(upload.upload_url, data)).status).toBe(201);
  const commit = await owner.http.post(`/v1/project-files/${upload.file_id}/commit`);
  expect(commit.status, commit.text).toBe(200);
  await eventually(async () => {
    expect((await owner.http.get(`/v1/project-files/${upload.file_id}`)).body.index_status).toBe('ready');
  });
  return upload;
}

async function downloaded(fileId: string): Promise<{ url: string; bytes: Buffer }> {
  const res = await owner.http.get(`/v1/project-files/${fileId}/download`);
  expect(res.status, res.text).toBe(200);
  const got = await fetch(res.body.download_url);
  expect(got.status).toBe(200);
  return { url: res.body.download_url, bytes: Buffer.from(await got.arrayBuffer()) };
}

async function expectBlobRefusal(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('x-ms-error-code')).toBe(code);
  expect(await response.text()).toContain(`<Code>${code}</Code>`);
}

const blobPath = (key: string) => join(app.config.dataDir, 'blobs', 'data', ...key.split('/'));

const blobDeletionJobs = (key: string) =>
  app.server.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, BLOB_DELETE_JOB), sql`${jobs.payload}->>'key' = ${key}`));

describe('project file uploads are single-use', () => {
  it('refuses a replayed PUT after commit; the committed, indexed content stays', async () => {
    const original = Buffer.from('quarterly figures: heliotrope\n');
    const upload = await committedFile(original);
    const before = (await owner.http.get(`/v1/project-files/${upload.file_id}`)).body;

    const forged = Buffer.from('forged figures: replaced text\n');
    expect(forged.length).toBe(original.length);
    await expectBlobRefusal(await put(upload.upload_url, forged), 403, 'AuthorizationPermissionMismatch');

    expect((await downloaded(upload.file_id)).bytes.equals(original)).toBe(true);
    const after = (await owner.http.get(`/v1/project-files/${upload.file_id}`)).body;
    expect(after).toEqual(before);
    expect(after.content).toContain('heliotrope');
  });

  it('lets a refused upload be retried: only a complete upload uses the URL', async () => {
    const data = Buffer.from('the right length');
    const upload = await requestUpload(data.length);
    await expectBlobRefusal(await put(upload.upload_url, Buffer.from('too short')), 400, 'InvalidInput');
    expectError(await owner.http.post(`/v1/project-files/${upload.file_id}/commit`), 409, 'upload_incomplete');
    expect((await put(upload.upload_url, data)).status).toBe(201);
    await expectBlobRefusal(await put(upload.upload_url, data), 403, 'AuthorizationPermissionMismatch');
    expect((await owner.http.post(`/v1/project-files/${upload.file_id}/commit`)).status).toBe(200);
    expect((await downloaded(upload.file_id)).bytes.equals(data)).toBe(true);
  });

  it('stores a committed file under a key no upload URL was signed for', async () => {
    const upload = await committedFile(Buffer.from('stored apart'));
    const file = (await owner.http.get(`/v1/project-files/${upload.file_id}`)).body;
    const uploadPath = decodeURIComponent(new URL(upload.upload_url).pathname).replace('/storage/blobs/', '');
    expect(file.storage_key).toBe(`organizations/${file.organization_id}/projects/${projectId}/files/${file.id}`);
    expect(uploadPath).toBe(`organizations/${file.organization_id}/projects/${projectId}/uploads/${file.id}`);
    expect(existsSync(blobPath(file.storage_key))).toBe(true);
  });
});

describe('deleting a project file deletes its blob', () => {
  it('kills issued download URLs at once and refuses the old upload URL', async () => {
    const data = Buffer.from('to be deleted\n');
    const upload = await committedFile(data);
    const { url: downloadUrl } = await downloaded(upload.file_id);
    const storageKey = (await owner.http.get(`/v1/project-files/${upload.file_id}`)).body.storage_key;

    expect((await owner.http.delete(`/v1/project-files/${upload.file_id}`)).status).toBe(204);

    await expectBlobRefusal(await fetch(downloadUrl), 404, 'BlobNotFound');
    expect(existsSync(blobPath(storageKey))).toBe(false);
    await expectBlobRefusal(await put(upload.upload_url, data), 403, 'AuthorizationPermissionMismatch');
    expect(existsSync(blobPath(storageKey))).toBe(false);
    expectError(await owner.http.get(`/v1/project-files/${upload.file_id}/download`), 404, 'not_found');
  });

  it('queues the deletion with the change, so it survives a crash after the commit', async () => {
    const upload = await committedFile(Buffer.from('durably deleted'));
    const storageKey = (await owner.http.get(`/v1/project-files/${upload.file_id}`)).body.storage_key;
    expect(await blobDeletionJobs(storageKey)).toEqual([]);
    expect((await owner.http.delete(`/v1/project-files/${upload.file_id}`)).status).toBe(204);
    await eventually(async () => {
      const queued = await blobDeletionJobs(storageKey);
      expect(queued.map((job) => job.status)).toEqual(['completed']);
    });
  });

  it('deletes the upload key by a job once its URL has expired', async () => {
    const upload = await committedFile(Buffer.from('staged first'));
    const file = (await owner.http.get(`/v1/project-files/${upload.file_id}`)).body;
    const uploadKey = `organizations/${file.organization_id}/projects/${projectId}/uploads/${file.id}`;
    const [job] = await blobDeletionJobs(uploadKey);
    expect(job).toMatchObject({ status: 'queued' });
    // The upload key outlives its URL by five minutes, while a replay must still meet a blob.
    expect(job!.runAfter.getTime()).toBe(Date.parse(upload.expires_at) + 5 * 60_000);
    expect(existsSync(blobPath(uploadKey))).toBe(true);

    // As if the time had come.
    await app.server.database.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.id, job!.id));
    await eventually(async () => expect(existsSync(blobPath(uploadKey))).toBe(false));
    expect((await downloaded(upload.file_id)).bytes.toString()).toBe('staged first');
  });
});

describe('listing project files page by page', () => {
  it('pages with limit and cursor, newest first, and keeps the { data } answer of small projects', async () => {
    const project = (await owner.http.post('/v1/projects', { name: unique('Paged') })).body.id;
    for (let i = 0; i < 5; i++) await requestUpload(10, project, `file-${i}.txt`);

    const whole = await owner.http.get(`/v1/projects/${project}/files`);
    expect(whole.status).toBe(200);
    expect(Object.keys(whole.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(whole.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(whole.body.data.map((f: any) => f.filename)).toEqual([4, 3, 2, 1, 0].map((i) => `file-${i}.txt`));

    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const page = await owner.http.get(`/v1/projects/${project}/files?${query}`);
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.data.map((f: any) => f.id));
      pages.push(page.body.data.length);
      expect(page.body.has_more).toBe(page.body.next_cursor !== null);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(whole.body.data.map((f: any) => f.id));
  });

  it('pages the deleted files apart', async () => {
    const project = (await owner.http.post('/v1/projects', { name: unique('Bin') })).body.id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await requestUpload(10, project)).file_id);
    for (const id of ids) expect((await owner.http.delete(`/v1/project-files/${id}`)).status).toBe(204);
    const first = await owner.http.get(`/v1/projects/${project}/files?isDeleted=true&limit=2`);
    expect(first.body.data.map((f: any) => f.id)).toEqual([ids[2], ids[1]]);
    const rest = await owner.http.get(
      `/v1/projects/${project}/files?isDeleted=true&limit=2&cursor=${first.body.next_cursor}`,
    );
    expect(rest.body).toMatchObject({ data: [{ id: ids[0] }], has_more: false, next_cursor: null });
    expect((await owner.http.get(`/v1/projects/${project}/files`)).body.data).toEqual([]);
  });

  it('answers 100 files by default and at most 100', async () => {
    const project = (await owner.http.post('/v1/projects', { name: unique('Full') })).body.id;
    for (let i = 0; i < 101; i++) await requestUpload(10, project, `f${i}.txt`);
    const page = await owner.http.get(`/v1/projects/${project}/files`);
    expect(page.body.data).toHaveLength(100);
    expect(page.body.has_more).toBe(true);
    const rest = await owner.http.get(`/v1/projects/${project}/files?limit=100&cursor=${page.body.next_cursor}`);
    expect(rest.body.data.map((f: any) => f.filename)).toEqual(['f0.txt']);
  });

  it('400s an invalid cursor and a limit outside 1-100', async () => {
    for (const query of [
      'cursor=abc',
      `cursor=${Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url')}`,
      'limit=0',
      'limit=101',
      'limit=ten',
      'limit=1.5',
    ]) {
      expectError(await owner.http.get(`/v1/projects/${projectId}/files?${query}`), 400, 'invalid_request');
    }
  });
});
