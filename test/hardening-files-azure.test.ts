import { randomBytes } from 'node:crypto';
import { BlockBlobClient, type RestError } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { BlobNotFoundError, type BlobStorage, createBlobStorage } from '../src/platform/storage/index.ts';
import { startTestApp, type TestApp, testEnv } from './helpers/app.ts';
import { eventually, expectError } from './helpers/assertions.ts';
import { type Azurite, startAzurite } from './helpers/azurite.ts';
import { addUser, createOrgWithAdmin, type OrgUser, unique } from './helpers/fixtures.ts';

let azurite: Azurite;
let app: TestApp;
let storage: BlobStorage;
let owner: OrgUser;
let projectId: string;
const container = `atrium-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  azurite = await startAzurite();
  const env = {
    ATRIUM_STORAGE: 'azure',
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    AZURE_STORAGE_CONTAINER: container,
  };
  app = await startTestApp(env);
  storage = createBlobStorage(loadConfig(testEnv(env)), {
    baseUrl: () => {
      throw new Error('the Azure backend never signs under this server');
    },
  });
  const org = await createOrgWithAdmin(app);
  owner = await addUser(app, org.admin.http);
  projectId = (await owner.http.post('/v1/projects', { name: unique('Azure files') })).body.id;
});
afterAll(async () => {
  await app?.close();
  await azurite?.stop();
});

const put = (url: string, body: Buffer) =>
  fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(body) });

async function expectAzureRefusal(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('x-ms-error-code')).toBe(code);
}

async function committedFile(data: Buffer) {
  const res = await owner.http.post(`/v1/projects/${projectId}/files/upload-url`, {
    filename: 'notes.txt',
    mimeType: 'text/plain',
    sizeBytes: data.length,
  });
  expect(res.status, res.text).toBe(201);
  expect(new URL(res.body.upload_url).searchParams.get('sp')).toBe('c');
  expect((await put(res.body.upload_url, data)).status).toBe(201);
  const commit = await owner.http.post(`/v1/project-files/${res.body.file_id}/commit`);
  expect(commit.status, commit.text).toBe(200);
  await eventually(async () => {
    expect((await owner.http.get(`/v1/project-files/${res.body.file_id}`)).body.index_status).toBe('ready');
  });
  return res.body as { file_id: string; upload_url: string };
}

async function downloadUrl(fileId: string): Promise<string> {
  const res = await owner.http.get(`/v1/project-files/${fileId}/download`);
  expect(res.status, res.text).toBe(200);
  return res.body.download_url;
}

describe('Azure storage: create-only upload URLs and copies (Azurite)', () => {
  it('refuses a second upload through the same SAS URL, also through the SDK', async () => {
    const key = `uploads/${randomBytes(4).toString('hex')}`;
    const { url } = await storage.createUploadUrl({
      key,
      contentType: 'text/plain',
      sizeBytes: 5,
      expiresInSeconds: 900,
    });
    expect((await put(url, Buffer.from('first'))).status).toBe(201);
    await expectAzureRefusal(await put(url, Buffer.from('again')), 403, 'AuthorizationPermissionMismatch');
    const failure = await new BlockBlobClient(url).upload('again', 5).catch((error: unknown) => error);
    expect((failure as RestError).statusCode).toBe(403);
    expect((await storage.read(key)).toString()).toBe('first');
  });

  it('copies a blob server-side, replacing the target; a missing source is BlobNotFoundError', async () => {
    const source = `copies/${randomBytes(4).toString('hex')}/source`;
    const target = `copies/${randomBytes(4).toString('hex')}/target`;
    await storage.write(source, Buffer.from('copied bytes'), { contentType: 'text/csv' });
    await storage.write(target, Buffer.from('old'), { contentType: 'text/plain' });
    await storage.copy(source, target);
    expect((await storage.read(target)).toString()).toBe('copied bytes');
    expect(await storage.stat(target)).toMatchObject({ sizeBytes: 12, contentType: 'text/csv' });
    await storage.delete(source);
    expect((await storage.read(target)).toString()).toBe('copied bytes');
    await expect(storage.copy(source, target)).rejects.toThrow(BlobNotFoundError);
  });
});

describe('project files on Azure (Azurite)', () => {
  it('refuses a replayed PUT after commit and keeps the committed content', async () => {
    const original = Buffer.from('committed on azure\n');
    const upload = await committedFile(original);
    const forged = Buffer.from('replaced on azure!\n');
    expect(forged.length).toBe(original.length);
    await expectAzureRefusal(await put(upload.upload_url, forged), 403, 'AuthorizationPermissionMismatch');
    const got = await fetch(await downloadUrl(upload.file_id));
    expect(Buffer.from(await got.arrayBuffer()).equals(original)).toBe(true);
    expect((await owner.http.get(`/v1/project-files/${upload.file_id}`)).body.content).toContain('committed on azure');
  });

  it('after delete: issued download URLs fail and the upload URL cannot write again', async () => {
    const data = Buffer.from('deleted on azure\n');
    const upload = await committedFile(data);
    const issued = await downloadUrl(upload.file_id);
    expect((await fetch(issued)).status).toBe(200);

    expect((await owner.http.delete(`/v1/project-files/${upload.file_id}`)).status).toBe(204);

    await expectAzureRefusal(await fetch(issued), 404, 'BlobNotFound');
    await expectAzureRefusal(await put(upload.upload_url, data), 403, 'AuthorizationPermissionMismatch');
    await expectAzureRefusal(await fetch(issued), 404, 'BlobNotFound');
    expectError(await owner.http.get(`/v1/project-files/${upload.file_id}/download`), 404, 'not_found');
  });
});
