import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AtriumApiError, createAtriumClient, unwrap } from '../client/src/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, createServiceAccountWithKey, type TestOrg } from './helpers/fixtures.ts';
import { randomId } from './helpers/security.ts';

let app: TestApp;
let org: TestOrg;
let apiKey: string;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
  apiKey = (await createServiceAccountWithKey(org.admin.http)).key;
});
afterAll(() => app?.close());

/** The AtriumApiError `fn` throws, or null when it returns. */
function errorOf(fn: () => unknown): AtriumApiError | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof AtriumApiError) return error;
    throw error;
  }
}

describe('typed operations against the real server', () => {
  it('creates, reads and lists threads with typed parameters and bodies', async () => {
    const client = createAtriumClient({ baseUrl: app.url, token: apiKey });
    const created = unwrap(await client.api.POST('/v1/threads', { body: { title: 'Typed' } }));
    expect(created.title).toBe('Typed');
    const read = unwrap(await client.api.GET('/v1/threads/{id}', { params: { path: { id: created.id } } }));
    expect(read).toEqual({ ...created, active_run_id: null });
    const page = unwrap(await client.api.GET('/v1/threads', { params: { query: { limit: 1 } } }));
    expect(page.data.map((t) => t.id)).toEqual([created.id]);
  });

  it('throws AtriumApiError with the exact code, status and request id of the envelope', async () => {
    const client = createAtriumClient({ baseUrl: app.url, token: apiKey });
    const missing = await client.api.GET('/v1/threads/{id}', { params: { path: { id: randomId() } } });
    const notFound = errorOf(() => unwrap(missing));
    expect(notFound).toMatchObject({ status: 404, code: 'not_found', name: 'AtriumApiError' });
    expect(notFound?.requestId).toBe(missing.response.headers.get('x-request-id'));
    expect(notFound?.body).toMatchObject({ code: 'not_found', request_id: notFound?.requestId });

    const invalid = await client.api.POST('/v1/threads', { body: { title: 'x'.repeat(256) } });
    expect(errorOf(() => unwrap(invalid))).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('calls onUnauthorized on a 401 and reads a token function before every request', async () => {
    let token: string | null = 'atr_not-a-key';
    let unauthorized = 0;
    const client = createAtriumClient({ baseUrl: app.url, token: () => token, onUnauthorized: () => unauthorized++ });
    const refused = await client.api.GET('/v1/threads');
    expect(errorOf(() => unwrap(refused))).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(unauthorized).toBe(1);

    token = apiKey;
    expect((await client.api.GET('/v1/threads')).response.status).toBe(200);
    token = null;
    const anonymous = await client.api.GET('/v1/threads');
    expect(errorOf(() => unwrap(anonymous))).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(unauthorized).toBe(2);
  });
});

interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON, unless `text` is given. */
  body?: unknown;
  text?: string;
  /** Destroy the socket instead of answering: the client sees a network error. */
  drop?: boolean;
}

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const closeServers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closeServers.splice(0).map((close) => close()));
});

/** A server on 127.0.0.1 that gives `answers` in order (the last one again once they run out). */
async function scriptedServer(answers: Answer[]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = answers[received.length - 1] ?? answers.at(-1)!;
      if (answer.drop) return req.socket.destroy();
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.text ?? JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeServers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const envelope = (code: string) => ({ error: `failed: ${code}`, code, request_id: 'req-1' });
const busy: Answer = { status: 503, body: envelope('server_busy') };
const ok: Answer = { status: 200, body: { id: 'thread-1' } };

/** A client of `url` whose waits are recorded instead of slept. */
function recordingClient(url: string, retry: { attempts?: number; baseDelayMs?: number } = {}) {
  const waits: number[] = [];
  const client = createAtriumClient({
    baseUrl: url,
    token: 'key-1',
    retry: { ...retry, sleep: async (ms) => void waits.push(ms) },
  });
  return { client, waits };
}

const threadPath = { params: { path: { id: 'thread-1' } } } as const;

describe('retries', () => {
  it('retries a GET on 503 after a jittered backoff, then returns the success', async () => {
    const server = await scriptedServer([busy, busy, ok]);
    const { client, waits } = recordingClient(server.url, { baseDelayMs: 100 });
    const result = await client.api.GET('/v1/threads/{id}', threadPath);
    expect(unwrap(result)).toEqual({ id: 'thread-1' });
    expect(server.received.map((r) => `${r.method} ${r.url}`)).toEqual(Array(3).fill('GET /v1/threads/thread-1'));
    expect(server.received.every((r) => r.headers.authorization === 'Bearer key-1')).toBe(true);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it('gives up after the attempts and surfaces the last answer as AtriumApiError', async () => {
    const server = await scriptedServer([{ status: 502, body: envelope('model_error') }]);
    const { client, waits } = recordingClient(server.url, { attempts: 2 });
    const result = await client.api.GET('/v1/threads/{id}', threadPath);
    expect(errorOf(() => unwrap(result))).toMatchObject({ status: 502, code: 'model_error', requestId: 'req-1' });
    expect(server.received).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('never retries POST or PATCH, whatever the answer', async () => {
    const server = await scriptedServer([busy]);
    const { client, waits } = recordingClient(server.url);
    const posted = await client.api.POST('/v1/threads', { body: { title: 'once' } });
    expect(errorOf(() => unwrap(posted))).toMatchObject({ status: 503, code: 'server_busy' });
    const patched = await client.api.PATCH('/v1/threads/{id}', { ...threadPath, body: { title: 'once' } });
    expect(errorOf(() => unwrap(patched))).toMatchObject({ status: 503, code: 'server_busy' });
    expect(server.received.map((r) => [r.method, JSON.parse(r.body)])).toEqual([
      ['POST', { title: 'once' }],
      ['PATCH', { title: 'once' }],
    ]);
    expect(waits).toEqual([]);
  });

  it('sends the same body again when it retries a PUT, and retries DELETE', async () => {
    const server = await scriptedServer([busy, ok, busy, { status: 204 }]);
    const { client } = recordingClient(server.url);
    const body = { allowed_themes: ['light', 'dark'], default_theme: 'dark' };
    unwrap(await client.api.PUT('/v1/organization/appearance', { body }));
    unwrap(await client.api.DELETE('/v1/service-accounts/{id}', { params: { path: { id: 'sa-1' } } }));
    expect(server.received.map((r) => [r.method, r.body === '' ? null : JSON.parse(r.body)])).toEqual([
      ['PUT', body],
      ['PUT', body],
      ['DELETE', null],
      ['DELETE', null],
    ]);
  });

  it('retries a network error (the connection dropped before any answer)', async () => {
    const server = await scriptedServer([{ status: 0, drop: true }, ok]);
    const { client, waits } = recordingClient(server.url);
    expect(unwrap(await client.api.GET('/v1/threads/{id}', threadPath))).toEqual({ id: 'thread-1' });
    expect(server.received).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('waits what Retry-After says on 503 and 429, in seconds or as a date', async () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const server = await scriptedServer([
      { ...busy, headers: { 'retry-after': '7' } },
      { status: 429, headers: { 'retry-after': '2' }, body: envelope('rate_limited') },
      { ...busy, headers: { 'retry-after': inTenSeconds } },
      ok,
    ]);
    const { client, waits } = recordingClient(server.url, { attempts: 4 });
    expect(unwrap(await client.api.GET('/v1/threads/{id}', threadPath))).toEqual({ id: 'thread-1' });
    expect(waits.slice(0, 2)).toEqual([7000, 2000]);
    // An HTTP date counts from now, to the second it names.
    expect(waits[2]).toBeGreaterThan(8000);
    expect(waits[2]).toBeLessThanOrEqual(10_000);
  });

  it('does not retry a 429 without Retry-After, nor one asking for more than a minute', async () => {
    const server = await scriptedServer([
      { status: 429, body: envelope('rate_limited') },
      { status: 429, headers: { 'retry-after': '61' }, body: envelope('rate_limited') },
    ]);
    const { client, waits } = recordingClient(server.url);
    for (let i = 0; i < 2; i++) {
      const result = await client.api.GET('/v1/threads/{id}', threadPath);
      expect(errorOf(() => unwrap(result))).toMatchObject({ status: 429, code: 'rate_limited' });
    }
    expect(server.received).toHaveLength(2);
    expect(waits).toEqual([]);
  });
});

describe('browser session mode and answers without the envelope', () => {
  it('web mode sends X-Atrium-Web and no bearer when no token is given', async () => {
    const server = await scriptedServer([ok]);
    const client = createAtriumClient({ baseUrl: server.url, web: true });
    unwrap(await client.api.GET('/v1/threads/{id}', threadPath));
    expect(server.received[0]?.headers['x-atrium-web']).toBe('1');
    expect(server.received[0]?.headers.authorization).toBeUndefined();
  });

  it('a proxy page without the envelope still gets a catalog code and keeps the text as body', async () => {
    const server = await scriptedServer([
      { status: 404, headers: { 'content-type': 'text/html', 'x-request-id': 'edge-9' }, text: '<h1>Not here</h1>' },
    ]);
    const client = createAtriumClient({ baseUrl: server.url });
    const result = await client.api.GET('/v1/threads/{id}', threadPath);
    expect(errorOf(() => unwrap(result))).toMatchObject({
      status: 404,
      code: 'not_found',
      requestId: 'edge-9',
      body: '<h1>Not here</h1>',
    });
  });
});
