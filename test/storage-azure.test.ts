import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobServiceClient, BlockBlobClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  BlobNotFoundError,
  type BlobStorage,
  createBlobStorage,
  InvalidBlobKeyError,
} from '../src/platform/storage/index.ts';
import { startTestApp, testEnv } from './helpers/app.ts';
import { type Azurite, startAzurite } from './helpers/azurite.ts';

let azurite: Azurite;
let storage: BlobStorage;
const container = `atrium-${randomBytes(4).toString('hex')}`;

function azureEnv(overrides: Record<string, string> = {}) {
  return testEnv({
    ATRIUM_STORAGE: 'azure',
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    AZURE_STORAGE_CONTAINER: container,
    ...overrides,
  });
}

beforeAll(async () => {
  azurite = await startAzurite();
  storage = createBlobStorage(loadConfig(azureEnv()), {
    baseUrl: () => {
      throw new Error('the Azure backend never signs under this server');
    },
  });
  await storage.start();
});
afterAll(async () => {
  await azurite?.stop();
});

let counter = 0;
const newKey = (name = 'file.bin') => `orgs/${randomBytes(4).toString('hex')}/files/${++counter}/${name}`;
const uploadUrl = async (key: string, sizeBytes: number) =>
  (await storage.createUploadUrl({ key, contentType: 'application/octet-stream', sizeBytes, expiresInSeconds: 900 }))
    .url;

describe('Azure blob storage (Azurite)', () => {
  it('creates its container when the app starts', async () => {
    const other = `atrium-start-${randomBytes(3).toString('hex')}`;
    const service = BlobServiceClient.fromConnectionString(azurite.connectionString);
    expect(await service.getContainerClient(other).exists()).toBe(false);
    const app = await startTestApp({
      ATRIUM_STORAGE: 'azure',
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      AZURE_STORAGE_CONTAINER: other,
    });
    try {
      expect(await service.getContainerClient(other).exists()).toBe(true);
      // No local blob routes in this mode.
      expect((await fetch(`${app.url}/storage/blobs/a?expires=1&sig=x`, { method: 'PUT' })).status).toBe(404);
      // The web app's pages may upload to and read from the blob endpoint, and only there besides their own origin.
      const page = await fetch(`${app.url}/threads`);
      await page.text();
      const csp = (page.headers.get('content-security-policy') ?? '').split(';');
      expect(csp).toContain(`connect-src 'self' ${new URL(azurite.blobEndpoint).origin}`);
    } finally {
      await app.close();
    }
  });

  it('is marked as not enforcing the size at upload', () => {
    expect(storage.backend).toBe('azure');
    expect(storage.enforcesUploadSize).toBe(false);
  });

  it('accepts the official BlockBlobClient(url).upload on the upload SAS URL', async () => {
    const key = newKey('sdk.bin');
    const body = randomBytes(100_000);
    const url = await uploadUrl(key, body.length);
    expect(url).toContain(`/${container}/orgs/`);
    expect(url).toMatch(/[?&]sp=c(&|$)/);
    await new BlockBlobClient(url).upload(body, body.length);
    expect((await storage.read(key)).equals(body)).toBe(true);
  });

  it('accepts a plain PUT with x-ms-blob-type and refuses one without it', async () => {
    const key = newKey();
    const body = Buffer.from('plain fetch upload');
    const url = await uploadUrl(key, body.length);
    const refused = await fetch(url, { method: 'PUT', body });
    expect(refused.status).toBe(400);
    expect(await storage.exists(key)).toBe(false);
    const stored = await fetch(url, { method: 'PUT', body, headers: { 'x-ms-blob-type': 'BlockBlob' } });
    expect(stored.status).toBe(201);
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.stat(key)).toMatchObject({ sizeBytes: body.length });
  });

  it('leaves the size check to the commit: stat shows what was really uploaded', async () => {
    const key = newKey();
    const url = await uploadUrl(key, 10);
    const put = await fetch(url, { method: 'PUT', body: randomBytes(12), headers: { 'x-ms-blob-type': 'BlockBlob' } });
    expect(put.status).toBe(201);
    expect((await storage.stat(key))?.sizeBytes).toBe(12);
  });

  it('gives a read-only download URL with the file name, valid for the requested time', async () => {
    const key = newKey();
    const body = randomBytes(5000);
    await storage.write(key, body, { contentType: 'application/pdf' });
    const before = Date.now();
    const download = await storage.createDownloadUrl({ key, expiresInSeconds: 3600, filename: 'Résumé.pdf' });
    expect(download.expiresAt.getTime()).toBeGreaterThan(before + 3599_000);
    expect(download.url).toMatch(/[?&]sp=r(&|$)/);
    const got = await fetch(download.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toContain(`filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`);
    expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);
    // Read-only: writing through it is refused.
    const write = await fetch(download.url, { method: 'PUT', body: 'x', headers: { 'x-ms-blob-type': 'BlockBlob' } });
    expect(write.status).toBe(403);
  });

  it('refuses an expired SAS URL', async () => {
    const key = newKey();
    await storage.write(key, Buffer.from('soon gone'), { contentType: 'text/plain' });
    // Signed by a backend whose clock is an hour behind Azurite's: its one-second URLs expired long ago.
    const behind = createBlobStorage(loadConfig(azureEnv()), {
      baseUrl: () => {
        throw new Error('the Azure backend never signs under this server');
      },
      clock: { now: () => new Date(Date.now() - 3_600_000) },
    });
    const download = await behind.createDownloadUrl({ key, expiresInSeconds: 1 });
    const upload = await behind.createUploadUrl({
      key: newKey(),
      contentType: 'text/plain',
      sizeBytes: 1,
      expiresInSeconds: 1,
    });
    expect(download.expiresAt.getTime()).toBeLessThan(Date.now() - 3_000_000);
    expect((await fetch(download.url)).status).toBe(403);
    const put = await fetch(upload.url, { method: 'PUT', body: 'x', headers: { 'x-ms-blob-type': 'BlockBlob' } });
    expect(put.status).toBe(403);
  });

  it('signs keys with spaces, unicode and URL characters', async () => {
    const key = newKey('Q3 report (final) é #1?&=%.pdf');
    const body = Buffer.from('quarterly');
    await new BlockBlobClient(await uploadUrl(key, body.length)).upload(body, body.length);
    const download = await storage.createDownloadUrl({ key, expiresInSeconds: 60 });
    expect(Buffer.from(await (await fetch(download.url)).arrayBuffer()).equals(body)).toBe(true);
  });

  it('refuses the SAS of one key used for another', async () => {
    const keyA = newKey('a.txt');
    const keyB = newKey('b.txt');
    const url = (await uploadUrl(keyA, 3)).replace(keyA, keyB);
    const put = await fetch(url, { method: 'PUT', body: 'abc', headers: { 'x-ms-blob-type': 'BlockBlob' } });
    expect(put.status).toBe(403);
    expect(await storage.exists(keyB)).toBe(false);
  });

  it('reads, streams, writes from a stream and deletes', async () => {
    const key = newKey();
    const parts = [randomBytes(300_000), randomBytes(10)];
    expect(await storage.write(key, Readable.from(parts), { contentType: 'application/zip' })).toEqual({
      sizeBytes: 300_010,
    });
    expect(await storage.stat(key)).toMatchObject({ sizeBytes: 300_010, contentType: 'application/zip' });
    const hash = createHash('sha256');
    for await (const chunk of await storage.readStream(key)) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(Buffer.concat(parts)).digest('hex'));
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.read(key)).rejects.toThrow(BlobNotFoundError);
    await expect(storage.readStream(key)).rejects.toThrow(BlobNotFoundError);
  });

  it('applies the same key rules as the local backend', async () => {
    await expect(uploadUrl('../escape', 1)).rejects.toThrow(InvalidBlobKeyError);
    await expect(storage.stat('/abs')).rejects.toThrow(InvalidBlobKeyError);
  });
});
