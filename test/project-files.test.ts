import { BlockBlobClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, UUID } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { type UploadFile, uploadFile, waitForIndex as waitForFileIndex } from './helpers/ingestion.ts';
import { sampleFiles } from './helpers/sample-files.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let owner: OrgUser;
let outsider: OrgUser;
let projectId: string;

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  owner = await addUser(app, orgA.admin.http);
  outsider = await addUser(app, orgA.admin.http);
  projectId = (await owner.http.post('/v1/projects', { name: unique('Files') })).body.id;
});
afterAll(() => app?.close());

const upload = (http: Client, file: UploadFile, project = projectId) => uploadFile(http, project, file);
const waitForIndex = async (http: Client, fileId: string) => (await waitForFileIndex(http, fileId, 30_000)).file;

describe('project files', () => {
  it('uploads through a signed URL, commits, indexes every supported type and finds it by search', async () => {
    const phrase = 'heliotrope quarterly';
    const files = await sampleFiles(phrase);
    const ids: Record<string, string> = {};
    for (const file of files) {
      const fileId = await upload(owner.http, file);
      const commit = await owner.http.post(`/v1/project-files/${fileId}/commit`);
      expect(commit.status, commit.text).toBe(200);
      expect(commit.body).toMatchObject({
        id: fileId,
        status: 'ready',
        filename: file.filename,
        size_bytes: file.data.length,
      });
      ids[file.filename] = fileId;
    }
    for (const file of files) {
      const indexed = await waitForIndex(owner.http, ids[file.filename]!);
      expect(indexed.index_status, `${file.filename}: ${indexed.error}`).toBe('ready');
      expect(indexed.content).toContain(phrase);
      expect(indexed.extractor).toBeTruthy();
      expect(indexed.indexed_at).not.toBeNull();
    }
    const search = await owner.http.get(`/v1/projects/${projectId}/search?q=${encodeURIComponent('heliotrope')}`);
    expect(search.status).toBe(200);
    expect(new Set(search.body.data.map((h: any) => h.file_id))).toEqual(new Set(Object.values(ids)));
    expect(search.body.data[0].snippet).toContain('<<heliotrope>>');
    expect(search.body.data[0].chunk_id).toMatch(UUID);
  });

  it('lists newest first, downloads the exact bytes, and deletes', async () => {
    const data = Buffer.from('downloadable contents\n');
    const fileId = await upload(owner.http, { filename: 'dl.txt', mimeType: 'text/plain', data });
    await owner.http.post(`/v1/project-files/${fileId}/commit`);
    const list = await owner.http.get(`/v1/projects/${projectId}/files`);
    expect(list.body.data[0].id).toBe(fileId);
    expect(Object.keys(list.body.data[0]).sort()).toEqual([
      'created_at',
      'filename',
      'id',
      'index_status',
      'mime_type',
      'organization_id',
      'project_id',
      'size_bytes',
      'status',
      'updated_at',
    ]);
    const download = await owner.http.get(`/v1/project-files/${fileId}/download`);
    expect(download.status).toBe(200);
    expect(Date.parse(download.body.expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);
    const bytes = Buffer.from(await (await fetch(download.body.download_url)).arrayBuffer());
    expect(bytes.equals(data)).toBe(true);

    await waitForIndex(owner.http, fileId);
    expect((await owner.http.delete(`/v1/project-files/${fileId}`)).status).toBe(204);
    expect((await owner.http.get(`/v1/projects/${projectId}/files`)).body.data.map((f: any) => f.id)).not.toContain(
      fileId,
    );
    const deleted = await owner.http.get(`/v1/projects/${projectId}/files?isDeleted=true`);
    expect(deleted.body.data.map((f: any) => f.id)).toContain(fileId);
    expectError(await owner.http.get(`/v1/project-files/${fileId}/download`), 404, 'not_found');
    const search = await owner.http.get(`/v1/projects/${projectId}/search?q=downloadable`);
    expect(search.body.data).toEqual([]);
  });

  it('409s a commit before the upload and a second commit', async () => {
    const res = await owner.http.post(`/v1/projects/${projectId}/files/upload-url`, {
      filename: 'later.txt',
      mimeType: 'text/plain',
      sizeBytes: 5,
    });
    expectError(await owner.http.post(`/v1/project-files/${res.body.file_id}/commit`), 409, 'upload_incomplete');
    await fetch(res.body.upload_url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: 'hello' });
    expect((await owner.http.post(`/v1/project-files/${res.body.file_id}/commit`)).status).toBe(200);
    expectError(await owner.http.post(`/v1/project-files/${res.body.file_id}/commit`), 409, 'file_not_pending');
  });

  it('accepts an upload made with the official Azure SDK', async () => {
    const data = Buffer.from('uploaded by the Azure SDK');
    const res = await owner.http.post(`/v1/projects/${projectId}/files/upload-url`, {
      filename: 'sdk.txt',
      mimeType: 'text/plain',
      sizeBytes: data.length,
    });
    await new BlockBlobClient(res.body.upload_url).upload(data, data.length);
    expect((await owner.http.post(`/v1/project-files/${res.body.file_id}/commit`)).status).toBe(200);
  });

  it('marks an unsupported type failed with a clear error, without a crash', async () => {
    const fileId = await upload(owner.http, {
      filename: 'photo.png',
      mimeType: 'image/png',
      data: Buffer.from([137, 80, 78, 71]),
    });
    await owner.http.post(`/v1/project-files/${fileId}/commit`);
    const file = await waitForIndex(owner.http, fileId);
    expect(file).toMatchObject({ index_status: 'failed', status: 'ready' });
    expect(file.error).toContain('Unsupported file type');
  });

  it('400s invalid upload requests and search queries', async () => {
    for (const body of [
      {},
      { filename: 'a.txt', mimeType: 'text/plain', sizeBytes: 0 },
      { filename: 'a.txt', mimeType: 'text/plain', sizeBytes: -1 },
      { filename: 'a.txt', mimeType: 'text/plain', sizeBytes: 1.5 },
      { filename: 'x'.repeat(513), mimeType: 'text/plain', sizeBytes: 1 },
      { filename: '../etc/passwd', mimeType: 'text/plain', sizeBytes: 1 },
      { filename: 'a.txt', mimeType: 'x'.repeat(256), sizeBytes: 1 },
      { filename: 'a.txt', mimeType: 'text/plain', sizeBytes: 1, extra: true },
    ]) {
      expectError(await owner.http.post(`/v1/projects/${projectId}/files/upload-url`, body), 400, 'invalid_request');
    }
    expectError(await owner.http.get(`/v1/projects/${projectId}/search`), 400, 'invalid_request');
    expectError(await owner.http.get(`/v1/projects/${projectId}/search?q=x&limit=51`), 400, 'invalid_request');
  });

  it('hides every file route from non-members (people and keys) and other organizations', async () => {
    const fileId = await upload(owner.http, {
      filename: 'secret.txt',
      mimeType: 'text/plain',
      data: Buffer.from('secret'),
    });
    const { key } = await createServiceAccountWithKey(orgA.admin.http, 'admin');
    for (const c of [
      {
        route: 'POST /v1/projects/:id/files/upload-url',
        path: `/v1/projects/${projectId}/files/upload-url`,
        body: { filename: 'a.txt', mimeType: 'text/plain', sizeBytes: 1 },
      },
      { route: 'GET /v1/projects/:id/files', path: `/v1/projects/${projectId}/files`, body: undefined },
      { route: 'GET /v1/projects/:id/search', path: `/v1/projects/${projectId}/search?q=secret`, body: undefined },
      { route: 'POST /v1/project-files/:id/commit', path: `/v1/project-files/${fileId}/commit`, body: undefined },
      { route: 'GET /v1/project-files/:id', path: `/v1/project-files/${fileId}`, body: undefined },
      { route: 'GET /v1/project-files/:id/download', path: `/v1/project-files/${fileId}/download`, body: undefined },
      { route: 'DELETE /v1/project-files/:id', path: `/v1/project-files/${fileId}`, body: undefined },
    ] as const) {
      const method = c.route.split(' ')[0]!;
      expectError(await outsider.http.request(method, c.path, { body: c.body }), 404, 'not_found');
      // A key of the organization whose service account is not on the project is as much an outsider.
      expectError(await app.http.as(key).request(method, c.path, { body: c.body }), 404, 'not_found');
      const missing = c.path.replace(projectId, randomId()).replace(fileId, randomId());
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: c.path,
        body: c.body,
        crossOrg: { credential: orgB.admin.token, missingPath: missing },
      });
    }
    // The probes changed nothing: the file is still pending and can be committed by its owner.
    expect((await owner.http.get(`/v1/project-files/${fileId}`)).body.status).toBe('pending');
  });
});
