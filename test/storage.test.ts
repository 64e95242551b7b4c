import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BlockBlobClient, RestError } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  type BlobStorage,
  createBlobStorage,
  createPublicUrl,
  InvalidBlobKeyError,
} from '../src/platform/storage/index.ts';
import { BlobExistsError, type LocalBlobStorage } from '../src/platform/storage/local.ts';
import { createUrlSigner } from '../src/platform/storage/signing.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

let app: TestApp;
let storage: BlobStorage;
let blobsDir: string;

beforeAll(async () => {
  app = await startTestApp();
  // The same config (secret key, DATA_DIR) as the running app: its routes accept what this instance signs.
  storage = createBlobStorage(app.config, { baseUrl: () => app.url });
  blobsDir = join(app.config.dataDir, 'blobs');
});
afterAll(async () => {
  await app?.close();
});

let counter = 0;
const newKey = (name = 'file.bin') => `orgs/${randomBytes(4).toString('hex')}/files/${++counter}/${name}`;

async function uploadUrl(key: string, sizeBytes: number, contentType = 'application/octet-stream') {
  return (await storage.createUploadUrl({ key, contentType, sizeBytes, expiresInSeconds: 900 })).url;
}

function put(url: string, body: BodyInit, headers: Record<string, string> = { 'x-ms-blob-type': 'BlockBlob' }) {
  const init: RequestInit & { duplex?: 'half' } = { method: 'PUT', body, headers };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return fetch(url, init);
}

/** A chunked (no Content-Length) body of the given chunks. */
function chunked(chunks: Buffer[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(new Uint8Array(chunks[i++]!));
      else controller.close();
    },
  });
}

/** Nothing half-written is left behind: no temp files. */
function tempFiles(): string[] {
  const dir = join(blobsDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** A raw request with the path exactly as given (fetch would normalise `..` and `%2e%2e`). */
function rawRequest(path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method, headers: { 'x-ms-blob-type': 'BlockBlob' } }, (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(method === 'PUT' ? 'evil' : undefined);
  });
}

async function expectRefused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('x-ms-error-code')).toBe(code);
  expect(response.headers.get('content-type')).toBe('application/xml');
  expect(await response.text()).toContain(`<Code>${code}</Code>`);
}

describe('local blob storage: uploads', () => {
  it('stores a PUT with x-ms-blob-type and serves the identical bytes at the download URL', async () => {
    const key = newKey('report.pdf');
    const body = randomBytes(70_000);
    const response = await put(await uploadUrl(key, body.length, 'application/pdf'), body);
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toMatch(/^"0x[0-9A-F]+"$/);
    expect(response.headers.get('content-md5')).toBe(createHash('md5').update(body).digest('base64'));
    expect(response.headers.get('x-ms-request-id')).toBeTruthy();

    expect(await storage.exists(key)).toBe(true);
    expect(await storage.stat(key)).toMatchObject({ sizeBytes: body.length, contentType: 'application/pdf' });
    expect((await storage.read(key)).equals(body)).toBe(true);

    const download = await storage.createDownloadUrl({ key, expiresInSeconds: 3600 });
    expect(download.expiresAt.getTime() - Date.now()).toBeGreaterThan(3590_000);
    const got = await fetch(download.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-length')).toBe(String(body.length));
    expect(got.headers.get('content-disposition')).toBeNull();
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);
  });

  it('gives the upload URL an expiry and binds nothing to a credential', async () => {
    const before = Date.now();
    const { url, expiresAt } = await storage.createUploadUrl({
      key: newKey(),
      contentType: 'text/plain',
      sizeBytes: 3,
      expiresInSeconds: 900,
    });
    expect(url.startsWith(`${app.url}/storage/blobs/orgs/`)).toBe(true);
    expect(expiresAt.getTime()).toBeGreaterThan(before + 899_000);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(before + 900_000);
    // No Authorization header, and a garbage one changes nothing either.
    expect(
      (await put(url, Buffer.from('abc'), { 'x-ms-blob-type': 'BlockBlob', authorization: 'Bearer x' })).status,
    ).toBe(201);
  });

  it('refuses a PUT without x-ms-blob-type, or with another blob type, and stores nothing', async () => {
    const key = newKey();
    const url = await uploadUrl(key, 5);
    await expectRefused(await put(url, Buffer.from('hello'), {}), 400, 'MissingRequiredHeader');
    await expectRefused(
      await put(url, Buffer.from('hello'), { 'x-ms-blob-type': 'AppendBlob' }),
      400,
      'InvalidHeaderValue',
    );
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses a body larger or smaller than declared and stores nothing', async () => {
    const key = newKey();
    const url = await uploadUrl(key, 10);
    await expectRefused(await put(url, randomBytes(11)), 400, 'InvalidInput');
    await expectRefused(await put(url, randomBytes(9)), 400, 'InvalidInput');
    await expectRefused(await put(url, Buffer.alloc(0)), 400, 'InvalidInput');
    // Without a Content-Length (chunked), the length is counted while streaming.
    await expectRefused(await put(url, chunked([randomBytes(6), randomBytes(6)])), 400, 'InvalidInput');
    await expectRefused(await put(url, chunked([randomBytes(4), randomBytes(5)])), 400, 'InvalidInput');
    expect(await storage.exists(key)).toBe(false);
    expect(tempFiles()).toEqual([]);
    // A chunked body of the right length is fine.
    const body = randomBytes(10);
    expect((await put(url, chunked([body.subarray(0, 3), body.subarray(3)]))).status).toBe(201);
    expect((await storage.read(key)).equals(body)).toBe(true);
  });

  it('stops reading a chunked body far beyond its declared size', async () => {
    const key = newKey();
    const url = await uploadUrl(key, 10);
    const chunks = Array.from({ length: 8 }, () => randomBytes(512 * 1024));
    const outcome = await put(url, chunked(chunks)).then(
      (response) => response.status,
      () => 'connection closed',
    );
    expect([400, 'connection closed']).toContain(outcome);
    expect(await storage.exists(key)).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it('creates a blob once: another PUT with the same or a new upload URL is refused and changes nothing', async () => {
    const key = newKey();
    const first = Buffer.from('first version');
    const url = await uploadUrl(key, first.length);
    expect((await put(url, first)).status).toBe(201);
    await expectRefused(await put(url, Buffer.from('other content')), 403, 'AuthorizationPermissionMismatch');
    const fresh = await uploadUrl(key, 5);
    await expectRefused(await put(fresh, Buffer.from('short')), 403, 'AuthorizationPermissionMismatch');
    expect((await storage.read(key)).equals(first)).toBe(true);
    expect(tempFiles()).toEqual([]);
  });

  it('decides create-only at the final link, whatever passed the early check', async () => {
    const local = storage as LocalBlobStorage;
    const key = newKey();
    await local.store(key, [Buffer.from('winner')], { contentType: 'text/plain', createOnly: true });
    await expect(
      local.store(key, [Buffer.from('late')], { contentType: 'text/plain', createOnly: true }),
    ).rejects.toThrow(BlobExistsError);
    expect((await storage.read(key)).toString()).toBe('winner');
    expect(await storage.stat(key)).toMatchObject({ sizeBytes: 6, contentType: 'text/plain' });
    expect(tempFiles()).toEqual([]);
  });

  it('lets exactly one of two racing uploads to one key win', async () => {
    const key = newKey();
    const url = await uploadUrl(key, 100_000);
    const bodies = [randomBytes(100_000), randomBytes(100_000)];
    const statuses = await Promise.all(bodies.map(async (body) => (await put(url, body)).status));
    expect(statuses.sort()).toEqual([201, 403]);
    const stored = await storage.read(key);
    expect(bodies.some((body) => body.equals(stored))).toBe(true);
    expect(tempFiles()).toEqual([]);
  });

  it('checks a Content-MD5 the client sends', async () => {
    const key = newKey();
    const body = Buffer.from('checked content');
    const url = await uploadUrl(key, body.length);
    const wrong = createHash('md5').update('other').digest('base64');
    await expectRefused(
      await put(url, body, { 'x-ms-blob-type': 'BlockBlob', 'content-md5': wrong }),
      400,
      'Md5Mismatch',
    );
    expect(await storage.exists(key)).toBe(false);
    const right = createHash('md5').update(body).digest('base64');
    expect((await put(url, body, { 'x-ms-blob-type': 'BlockBlob', 'content-md5': right })).status).toBe(201);
  });

  it('stores the signed content type whatever Content-Type the client sends', async () => {
    const key = newKey('a.png');
    const url = await uploadUrl(key, 4, 'image/png');
    const response = await put(url, Buffer.from([0x89, 0x50, 0x4e, 0x47]), {
      'x-ms-blob-type': 'BlockBlob',
      'content-type': 'text/html',
    });
    expect(response.status).toBe(201);
    expect((await storage.stat(key))?.contentType).toBe('image/png');
    const other = await uploadUrl(newKey('b.png'), 4, 'image/png');
    expect(
      (await put(other, Buffer.from([0x89, 0x50, 0x4e, 0x47]), { 'x-ms-blob-type': 'BlockBlob', 'content-type': '' }))
        .status,
    ).toBe(201);
  });

  it('refuses block uploads (comp=block), which need staging the local backend does not offer', async () => {
    const url = await uploadUrl(newKey(), 3);
    await expectRefused(
      await put(`${url}&comp=block&blockid=AAAA`, Buffer.from('abc')),
      400,
      'UnsupportedQueryParameter',
    );
  });
});

describe('local blob storage: signatures', () => {
  const signer = () => createUrlSigner(app.config.secretKey);

  it('refuses an expired upload or download URL with 403', async () => {
    const key = newKey();
    const url = new URL(await uploadUrl(key, 3, 'text/plain'));
    const expires = Math.floor(Date.now() / 1000) - 1;
    url.searchParams.set('expires', String(expires));
    url.searchParams.set(
      'sig',
      signer().sign({ method: 'PUT', key, expires, sizeBytes: 3, contentType: 'text/plain' }),
    );
    const response = await put(url.toString(), Buffer.from('abc'));
    await expectRefused(response, 403, 'AuthenticationFailed');
    expect(await storage.exists(key)).toBe(false);

    await storage.write(key, Buffer.from('abc'), { contentType: 'text/plain' });
    const download = new URL((await storage.createDownloadUrl({ key, expiresInSeconds: 60 })).url);
    download.searchParams.set('expires', String(expires));
    download.searchParams.set('sig', signer().sign({ method: 'GET', key, expires }));
    const got = await fetch(download);
    await expectRefused(got, 403, 'AuthenticationFailed');
  });

  it('refuses the URL of key A used for key B (tampered path) with 403', async () => {
    const keyA = newKey('a.txt');
    const keyB = newKey('b.txt');
    const urlA = await uploadUrl(keyA, 3);
    const tampered = urlA.replace(encodeURI(keyA), encodeURI(keyB));
    expect(tampered).not.toBe(urlA);
    await expectRefused(await put(tampered, Buffer.from('abc')), 403, 'AuthenticationFailed');
    expect(await storage.exists(keyB)).toBe(false);

    await storage.write(keyA, Buffer.from('secret of A'), { contentType: 'text/plain' });
    await storage.write(keyB, Buffer.from('secret of B'), { contentType: 'text/plain' });
    const downloadA = (await storage.createDownloadUrl({ key: keyA, expiresInSeconds: 60 })).url;
    await expectRefused(await fetch(downloadA.replace(encodeURI(keyA), encodeURI(keyB))), 403, 'AuthenticationFailed');
  });

  it('refuses a tampered signature, expiry, size, content type or file name with 403', async () => {
    const key = newKey();
    const url = new URL(await uploadUrl(key, 3, 'text/plain'));
    const variants: Array<[string, string]> = [
      ['sig', url.searchParams.get('sig')!.replace(/^./, (c) => (c === '0' ? '1' : '0'))],
      ['sig', 'not-hex'],
      ['sig', ''],
      ['expires', String(Number(url.searchParams.get('expires')) + 3600)],
      ['size', '4'],
      ['content_type', 'text/html'],
    ];
    for (const [name, value] of variants) {
      const changed = new URL(url);
      changed.searchParams.set(name, value);
      const body = name === 'size' ? Buffer.from('abcd') : Buffer.from('abc');
      await expectRefused(await put(changed.toString(), body), 403, 'AuthenticationFailed');
    }
    const noSig = new URL(url);
    noSig.searchParams.delete('sig');
    await expectRefused(await put(noSig.toString(), Buffer.from('abc')), 403, 'AuthenticationFailed');
    expect(await storage.exists(key)).toBe(false);

    await storage.write(key, Buffer.from('abc'), { contentType: 'text/plain' });
    const download = new URL((await storage.createDownloadUrl({ key, expiresInSeconds: 60, filename: 'a.txt' })).url);
    download.searchParams.set('filename', 'a.html');
    await expectRefused(await fetch(download), 403, 'AuthenticationFailed');
    download.searchParams.set('filename', 'a.txt');
    download.searchParams.set('content_type', 'text/html');
    await expectRefused(await fetch(download), 403, 'AuthenticationFailed');
  });

  it('does not accept an upload URL for reading, nor a download URL for writing', async () => {
    const key = newKey();
    await storage.write(key, Buffer.from('abc'), { contentType: 'text/plain' });
    await expectRefused(await fetch(await uploadUrl(key, 3)), 403, 'AuthenticationFailed');
    const download = (await storage.createDownloadUrl({ key, expiresInSeconds: 60 })).url;
    await expectRefused(await put(download, Buffer.from('xyz')), 403, 'AuthenticationFailed');
    expect((await storage.read(key)).toString()).toBe('abc');
  });

  it('answers 404 for a genuine download URL of a missing blob', async () => {
    const download = (await storage.createDownloadUrl({ key: newKey(), expiresInSeconds: 60 })).url;
    await expectRefused(await fetch(download), 404, 'BlobNotFound');
  });
});

describe('local blob storage: the Azure SDK and HTTP details', () => {
  it('accepts the official BlockBlobClient(url).upload against the local upload URL', async () => {
    const key = newKey('sdk.bin');
    const body = randomBytes(123_457);
    const client = new BlockBlobClient(await uploadUrl(key, body.length));
    const result = await client.upload(body, body.length);
    expect(result.etag).toMatch(/^"0x/);
    expect(result.requestId).toBeTruthy();
    expect(result.lastModified).toBeInstanceOf(Date);
    expect(Buffer.from(result.contentMD5!).equals(createHash('md5').update(body).digest())).toBe(true);
    expect((await storage.read(key)).equals(body)).toBe(true);
    const download = await storage.createDownloadUrl({ key, expiresInSeconds: 3600 });
    expect(Buffer.from(await (await fetch(download.url)).arrayBuffer()).equals(body)).toBe(true);
  });

  it('gives the SDK an error it can parse when the size is wrong', async () => {
    const key = newKey();
    const client = new BlockBlobClient(await uploadUrl(key, 10));
    const failure = await client.upload(Buffer.alloc(11), 11).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RestError);
    expect((failure as RestError).statusCode).toBe(400);
    expect((failure as RestError).code).toBe('InvalidInput');
    expect(await storage.exists(key)).toBe(false);
  });

  it('sets Content-Disposition (and a content type override) when the download URL names them', async () => {
    const key = newKey();
    await storage.write(key, Buffer.from('a,b\n1,2\n'), { contentType: 'text/csv' });
    const { url } = await storage.createDownloadUrl({ key, expiresInSeconds: 60, filename: 'Résumé "final".csv' });
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/csv');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_.csv"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.csv`,
    );
    const typed = await storage.createDownloadUrl({ key, expiresInSeconds: 60, contentType: 'text/plain' });
    expect((await fetch(typed.url)).headers.get('content-type')).toBe('text/plain');
  });

  it('serves byte ranges and HEAD', async () => {
    const key = newKey();
    const body = randomBytes(1000);
    await storage.write(key, body, { contentType: 'application/octet-stream' });
    const { url } = await storage.createDownloadUrl({ key, expiresInSeconds: 60 });
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(body.subarray(990))).toBe(true);
    await expectRefused(await fetch(url, { headers: { range: 'bytes=5000-' } }), 416, 'InvalidRange');
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(await head.text()).toBe('');
  });

  it('answers a CORS preflight so a browser can PUT directly', async () => {
    const url = await uploadUrl(newKey(), 3);
    const response = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-ms-blob-type,content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(response.headers.get('access-control-allow-headers')).toBe('x-ms-blob-type,content-type');
  });

  it('keeps the blob routes out of the OpenAPI document', async () => {
    const openapi = await app.http.get('/openapi.json');
    expect(Object.keys(openapi.body.paths).filter((path) => path.startsWith('/storage'))).toEqual([]);
  });

  it('signs under the address the server listens on when PORT is 0', () => {
    expect(app.config.port).toBe(0);
    expect(app.config.publicUrl).toBeNull();
    const publicUrl = createPublicUrl(null);
    expect(() => publicUrl.get()).toThrow(/listens/);
    publicUrl.bind(app.server.app);
    expect(publicUrl.get()).toBe(app.url);
    expect(createPublicUrl('https://files.example.com').get()).toBe('https://files.example.com');
  });
});

describe('local blob storage: keys and files', () => {
  it('rejects path traversal and malformed keys in every operation', async () => {
    const bad = [
      '../secrets.json',
      'a/../../b',
      '/etc/passwd',
      'a//b',
      'a/./b',
      'a\\..\\b',
      'a/',
      '',
      'a\u0000b',
      'x'.repeat(1025),
    ];
    for (const key of bad) {
      await expect(
        storage.createUploadUrl({ key, contentType: 'text/plain', sizeBytes: 1, expiresInSeconds: 60 }),
      ).rejects.toThrow(InvalidBlobKeyError);
      await expect(storage.createDownloadUrl({ key, expiresInSeconds: 60 })).rejects.toThrow(InvalidBlobKeyError);
      await expect(storage.stat(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(storage.read(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(storage.write(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        InvalidBlobKeyError,
      );
      await expect(storage.delete(key)).rejects.toThrow(InvalidBlobKeyError);
    }
  });

  it('refuses traversal in the URL path before anything else', async () => {
    for (const path of [
      '/storage/blobs/../../secrets.json',
      '/storage/blobs/%2e%2e/%2e%2e/secrets.json',
      '/storage/blobs/a/..%2F..%2F..%2Fsecrets.json',
      '/storage/blobs/%2Fetc%2Fpasswd',
      '/storage/blobs/a%5C..%5Cb',
    ]) {
      for (const method of ['PUT', 'GET']) {
        const response = await rawRequest(`${path}?expires=9999999999&sig=${'0'.repeat(64)}`, method);
        expect([400, 404], `${method} ${path}`).toContain(response.status);
      }
    }
    expect(existsSync(join(app.config.dataDir, 'secrets.json'))).toBe(false);
  });

  it('maps keys to files under DATA_DIR/blobs and deletes them idempotently', async () => {
    const key = newKey('notes.txt');
    expect(await storage.write(key, Buffer.from('notes'), { contentType: 'text/plain' })).toEqual({ sizeBytes: 5 });
    expect(statSync(join(blobsDir, 'data', ...key.split('/'))).size).toBe(5);
    const stream = await storage.readStream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('notes');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.read(key)).rejects.toThrow(BlobNotFoundError);
    await expect(storage.readStream(key)).rejects.toThrow(BlobNotFoundError);
    // A prefix of keys is a directory, not a blob.
    expect(await storage.exists(key.split('/').slice(0, 2).join('/'))).toBe(false);
  });

  it('round-trips long keys with spaces, unicode and URL characters', async () => {
    const key = `${newKey('x').slice(0, -2)}/${'d'.repeat(200)}/${'e'.repeat(200)}/Q3 report (final) é #1?&=%.pdf`;
    const body = Buffer.from('quarterly');
    const url = await uploadUrl(key, body.length, 'application/pdf');
    expect((await put(url, body)).status).toBe(201);
    const { url: download } = await storage.createDownloadUrl({ key, expiresInSeconds: 60 });
    expect(Buffer.from(await (await fetch(download)).arrayBuffer()).equals(body)).toBe(true);
    expect(await storage.exists(key)).toBe(true);
  });

  it('writes server-side blobs from a stream', async () => {
    const key = newKey();
    const parts = [randomBytes(100_000), randomBytes(50_000)];
    const written = await storage.write(key, Readable.from(parts), { contentType: 'application/zip' });
    expect(written.sizeBytes).toBe(150_000);
    expect((await storage.read(key)).equals(Buffer.concat(parts))).toBe(true);
  });

  it('streams a 20 MB upload to disk while it arrives', async () => {
    const key = newKey('big.bin');
    const size = 20 * 1024 * 1024;
    const chunk = randomBytes(1024 * 1024);
    const hash = createHash('sha256');
    let sent = 0;
    let tempSizeMidway = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === size / 2) {
          // Half the body is out: the server must already be writing it to a temp file, not holding it.
          const deadline = Date.now() + 5_000;
          while (Date.now() < deadline) {
            tempSizeMidway = Math.max(0, ...tempFiles().map((name) => statSync(join(blobsDir, 'tmp', name)).size));
            if (tempSizeMidway > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
        if (sent >= size) return controller.close();
        const piece = Buffer.from(chunk);
        piece.writeUInt32BE(sent, 0);
        hash.update(piece);
        sent += piece.length;
        controller.enqueue(new Uint8Array(piece));
      },
    });
    const response = await put(await uploadUrl(key, size), body);
    expect(response.status).toBe(201);
    expect(tempSizeMidway).toBeGreaterThan(0);
    expect(tempSizeMidway).toBeLessThan(size);
    expect((await storage.stat(key))?.sizeBytes).toBe(size);
    const { url } = await storage.createDownloadUrl({ key, expiresInSeconds: 60 });
    const downloaded = createHash('sha256');
    for await (const part of Readable.fromWeb((await fetch(url)).body! as any)) downloaded.update(part as Buffer);
    expect(downloaded.digest('hex')).toBe(hash.digest('hex'));
    expect(tempFiles()).toEqual([]);
  });

  it('validates the URL requests', async () => {
    const key = newKey();
    await expect(
      storage.createUploadUrl({ key, contentType: 'text/plain', sizeBytes: -1, expiresInSeconds: 60 }),
    ).rejects.toThrow(RangeError);
    await expect(storage.createUploadUrl({ key, contentType: '', sizeBytes: 1, expiresInSeconds: 60 })).rejects.toThrow(
      RangeError,
    );
    await expect(storage.createUploadUrl({ key, contentType: 'a', sizeBytes: 1, expiresInSeconds: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(storage.createDownloadUrl({ key, expiresInSeconds: 8 * 24 * 3600 })).rejects.toThrow(RangeError);
  });
});
