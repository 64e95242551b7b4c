import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';

/** Nested objects `{ "a": { "a": … } }`, `levels` deep counting the outermost. */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** A raw HTTP/1.1 exchange, for requests fetch will not send (over-long request lines). */
function rawRequest(
  url: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest({ host: target.hostname, port: target.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTP boundary refuses what no route can take, in the error envelope', () => {
  let app: TestApp;
  let org: TestOrg;
  let threadId: string;

  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrgWithAdmin(app);
    const thread = await org.admin.http.post('/v1/threads', { title: 'Boundary' });
    expect(thread.status, thread.text).toBe(201);
    threadId = thread.body.id;
  });
  afterAll(() => app.close());

  it('refuses a NUL character in any JSON text field with 400, wherever it is nested', async () => {
    const cases: [string, unknown][] = [
      ['/v1/projects', { name: 'a\u0000b' }],
      ['/v1/threads', { title: '\u0000' }],
      [`/v1/threads/${threadId}/messages`, { content: 'hello\u0000world' }],
      [`/v1/threads/${threadId}/messages`, { content: 'hi', metadata: { deep: { list: ['ok', 'x\u0000'] } } }],
      ['/v1/agents', { name: 'Agent', config: { 'key\u0000': 1 } }],
    ];
    for (const [path, body] of cases) expectError(await org.admin.http.post(path, body), 400, 'invalid_request');
    // A literal backslash followed by "u0000" is ordinary text, not a NUL.
    const literal = await org.admin.http.post('/v1/projects', { name: 'C:\\u0000 drive' });
    expect(literal.status, literal.text).toBe(201);
    expect(literal.body.name).toBe('C:\\u0000 drive');
  });

  it('refuses NUL and deep JSON on the routes the Admin pages added (DLP test box, dry run, link codes)', async () => {
    const bodies: [string, unknown][] = [
      ['/v1/organization/dlp-rules/test', { text: 'card 4111\u0000' }],
      ['/v1/organization/dlp-rules/dry-run', { days: 7, rules: [{ name: 'Draft\u0000', pattern: 'x' }] }],
      ['/v1/channels/telegram/link-codes', { note: '\u0000' }],
    ];
    for (const [path, body] of bodies) expectError(await org.admin.http.post(path, body), 400, 'invalid_request');
    for (const path of ['/v1/organization/dlp-rules/test', '/v1/organization/dlp-rules/dry-run']) {
      const bomb = `{"text":"x","days":1,"rules":${'['.repeat(5000)}${']'.repeat(5000)}}`;
      expectError(await org.admin.http.post(path, undefined, { raw: bomb }), 400, 'invalid_request');
    }
    // The refusals were the bodies': the same route answers a clean request.
    const link = await org.admin.http.post('/v1/channels/telegram/link-codes');
    expect(link.status, link.text).toBe(201);
  });

  it('refuses a control character in an upload mimeType (it becomes a header) with 400, not 500', async () => {
    const project = await org.admin.http.post('/v1/projects', { name: 'Headers' });
    expect(project.status, project.text).toBe(201);
    const res = await org.admin.http.post(`/v1/projects/${project.body.id}/files/upload-url`, {
      filename: 'a.txt',
      mimeType: 'text/plain\r\nX-Injected: 1',
      sizeBytes: 5,
    });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error).toContain('mime_type');
  });

  it('refuses a NUL in the path or the query, percent-encoded or not', async () => {
    expectError(await org.admin.http.get('/v1/threads?search=a%00b'), 400, 'invalid_request');
    expectError(await org.admin.http.get('/v1/projects?search=%00'), 400, 'invalid_request');
    expectError(await org.admin.http.get(`/v1/threads/${threadId}%00`), 400, 'invalid_request');
  });

  it('bounds JSON nesting at 32 levels: deeper bodies are 400, 32 levels are accepted', async () => {
    // The body object is level 1 and metadata's object level 2: 31 nested objects in metadata make 32.
    const fits = await org.admin.http.post(`/v1/threads/${threadId}/messages`, {
      content: 'deep but fine',
      metadata: nested(31),
      run: false,
    });
    expect(fits.status, fits.text).toBe(201);
    const tooDeep = await org.admin.http.post(`/v1/threads/${threadId}/messages`, {
      content: 'too deep',
      metadata: nested(32),
      run: false,
    });
    expectError(tooDeep, 400, 'invalid_request');
    expect(tooDeep.body.error).toContain('32');
    // The bomb of the finding: 5,000 levels of arrays inside 1 MB.
    const bomb = `{"content":"x","metadata":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    expectError(
      await org.admin.http.post(`/v1/threads/${threadId}/messages`, undefined, { raw: bomb }),
      400,
      'invalid_request',
    );
    // Brackets inside strings are text, not nesting.
    const text = await org.admin.http.post(`/v1/threads/${threadId}/messages`, {
      content: '{['.repeat(100),
      run: false,
    });
    expect(text.status, text.text).toBe(201);
  });

  it('refuses prototype-poisoning keys instead of parsing them', async () => {
    const raw = '{"name":"Proto","__proto__":{"isAdmin":true}}';
    expectError(await org.admin.http.post('/v1/projects', undefined, { raw }), 400, 'invalid_request');
    const ctor = '{"name":"Proto","constructor":{"prototype":{"isAdmin":true}}}';
    expectError(await org.admin.http.post('/v1/projects', undefined, { raw: ctor }), 400, 'invalid_request');
  });

  it('names a repeated query parameter instead of failing on NaN', async () => {
    const res = await org.admin.http.get('/v1/threads?limit=1&limit=2');
    expectError(res, 400, 'invalid_request');
    expect(res.body.error).toContain('"limit"');
  });

  it('answers an over-long path segment and a malformed one as an unknown resource, in the envelope', async () => {
    expectError(await org.admin.http.get(`/v1/threads/${'a'.repeat(300)}`), 404, 'not_found');
    expectError(await org.admin.http.get('/v1/threads/%E0%A4%A'), 404, 'not_found');
  });

  it('answers a request line past the header limit with 431 in the envelope', async () => {
    const res = await rawRequest(app.url, `/v1/threads?search=${'q'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    const body = JSON.parse(res.body);
    expect(body).toEqual({ error: expect.any(String), code: 'headers_too_large', request_id: body.request_id });
    expect(res.headers['x-request-id']).toBe(body.request_id);
  });
});

describe('security headers and CORS', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ ATRIUM_CORS_ORIGINS: 'https://app.example.test, http://localhost:5173' });
  });
  afterAll(() => app.close());

  it('sends the API profile of security headers on API answers, errors included', async () => {
    for (const res of [await app.http.as(app.consoleKey).get('/v1/auth/identity'), await app.http.get('/v1/threads')]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    expect((await app.http.get('/v1/auth/identity')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // Signed blob URLs are capabilities other origins may load; they set their own sandboxing CSP.
    const blob = await app.http.get('/storage/blobs/some/key?expires=1&sig=x');
    expect(blob.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(blob.headers.get('x-content-type-options')).toBe('nosniff');
    // The API reference is a page with scripts: no locked-down CSP there.
    const docs = await app.http.get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toBeNull();
    expect(docs.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows exactly the configured origins', async () => {
    const preflight = await app.http.request('OPTIONS', '/v1/threads', {
      headers: {
        origin: 'https://app.example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.test');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    // The web app's header unlocks its cookie session: no other origin may send it.
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).not.toContain('x-atrium-web');

    const simple = await app.http
      .as(app.consoleKey)
      .get('/v1/auth/identity', { headers: { origin: 'http://localhost:5173' } });
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(simple.headers.get('access-control-expose-headers')).toContain('X-Request-Id');

    const stranger = await app.http
      .as(app.consoleKey)
      .get('/v1/auth/identity', { headers: { origin: 'https://evil.test' } });
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS is off by default', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('sends no CORS header to any origin', async () => {
    const res = await app.http
      .as(app.consoleKey)
      .get('/v1/auth/identity', { headers: { origin: 'https://app.example.test' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
