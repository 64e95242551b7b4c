import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Atrium</title></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("entry")';

let app: TestApp;
let dist: string;
let secret: string;

beforeAll(async () => {
  // A stand-in for Vite's output, and a file beside it that must never be reachable.
  const root = mkdtempSync(join(tmpdir(), 'atrium-web-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-B2x9.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  secret = join(root, 'secret.txt');
  writeFileSync(secret, 'not for the web');
  app = await startTestApp({ ATRIUM_WEB_DIST: dist });
});
afterAll(async () => {
  await app?.close();
  rmSync(join(dist, '..'), { recursive: true, force: true });
});

/** Reads the whole body, so no response is left open when the app closes. */
async function get(path: string, base = app.url) {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('the web app at /', () => {
  it('answers index.html for / and for any client-side route, never cached, under a same-origin CSP', async () => {
    for (const path of ['/', '/threads/0190b2f6-6f5b-7000-8000-000000000000', '/sign-in?next=%2Fapprovals', '/x/y/z']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe');
      // Blobs are this server's own signed URLs here, so the page talks to its own origin only.
      expect(csp.split(';')).toContain("connect-src 'self'");
      expect(res.text).toBe(INDEX);
    }
  });

  it('serves hashed assets immutable with their type, and a missing asset is a 404, not the page', async () => {
    const res = await get('/assets/index-B2x9.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe(SCRIPT);
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-store');
    expect((await get('/assets/gone-1234.js')).status).toBe(404);
  });

  it('never serves a file outside its directory, whatever the path says', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%00',
      '/%E0%A4%A',
    ]) {
      const res = await get(path);
      expect(res.text, path).not.toContain('not for the web');
      expect([200, 400, 404], path).toContain(res.status);
    }
  });

  it('leaves the API and the server routes as they are: JSON 404 for an unknown one, the docs, the health check', async () => {
    expectError(await app.http.get('/v1/no-such-route'), 404, 'not_found');
    expectError(await app.http.get('/web/nothing'), 404, 'not_found');
    expect((await get('/openapi.json')).headers.get('content-type')).toContain('application/json');
    expect((await get('/healthz')).status).toBe(200);
    expectError(await app.http.post('/threads', {}), 404, 'not_found');
  });
});

describe('before the web app is built', () => {
  it('answers 503 with a page saying how to build it; the API still answers', async () => {
    const unbuilt = await startTestApp({ ATRIUM_WEB_DIST: join(tmpdir(), 'atrium-no-such-dist') });
    try {
      const res = await get('/threads', unbuilt.url);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.text).toContain('npm run build');
      expect((await get('/healthz', unbuilt.url)).status).toBe(200);
    } finally {
      await unbuilt.close();
    }
  });
});
