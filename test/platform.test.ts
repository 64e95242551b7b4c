import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, UUID } from './helpers/assertions.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** Every route of the identity-and-access issue, as the OpenAPI document must list it. */
const IDENTITY_ROUTES = [
  'post /v1/auth/sessions',
  'post /v1/auth/sessions/renew',
  'get /v1/auth/identity',
  'get /v1/users/me',
  'patch /v1/users/me',
  'post /v1/users/me/password',
  'get /v1/users/lookup',
  'get /v1/users',
  'post /v1/users',
  'get /v1/users/{userId}',
  'patch /v1/users/{userId}',
  'post /v1/users/{userId}/suspend',
  'post /v1/users/{userId}/unsuspend',
  'get /v1/service-accounts',
  'post /v1/service-accounts',
  'get /v1/service-accounts/{id}',
  'patch /v1/service-accounts/{id}',
  'delete /v1/service-accounts/{id}',
  'get /v1/service-accounts/{id}/api-keys',
  'post /v1/service-accounts/{id}/api-keys',
  'delete /v1/service-accounts/{id}/api-keys/{keyId}',
  'post /v1/admin/organizations',
  'post /v1/admin/organizations/{id}/users',
];

describe('health', () => {
  it('answers liveness and readiness without credentials', async () => {
    const health = await app.http.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await app.http.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });
});

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 documenting every identity route with its request, response and error codes', async () => {
    const res = await app.http.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, any>>(res.body.paths)) {
      for (const method of Object.keys(item)) documented.add(`${method} ${path}`);
    }
    for (const route of IDENTITY_ROUTES) expect(documented, route).toContain(route);

    const create = res.body.paths['/v1/users'].post;
    expect(create.requestBody.content['application/json'].schema).toBeDefined();
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '403', '409', '422', '429']);
    expect(create.responses['429'].description).toContain('rate_limited');
    expect(create.responses['409'].description).toContain('duplicate_email');
    expect(res.body.paths['/v1/auth/sessions'].post.responses['401'].description).toContain('api_key_required');
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await fetch(`${app.url}/docs`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('/openapi.json');
  });
});

describe('request ids and the error envelope', () => {
  it('echoes a sane caller request id and generates one otherwise', async () => {
    const echoed = await app.http.get('/v1/auth/identity', { headers: { 'x-request-id': 'trace-123.abc' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123.abc');
    expect(echoed.body.request_id).toBe('trace-123.abc');
    const replaced = await app.http.get('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });

  it('answers unknown routes with the 404 envelope', async () => {
    expectError(await app.http.get('/v1/nope'), 404, 'not_found');
  });

  it('400s malformed JSON, 413s oversized bodies, 415s other media types', async () => {
    const key = app.http.as(app.webKey);
    expectError(await key.request('POST', '/v1/auth/sessions', { raw: '{"email":' }), 400, 'invalid_request');
    const huge = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) });
    expectError(await key.request('POST', '/v1/auth/sessions', { raw: huge }), 413, 'payload_too_large');
    const text = await key.request('POST', '/v1/auth/sessions', {
      raw: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(text, 415, 'unsupported_media_type');
  });

  it('accepts snake_case and camelCase and refuses a field given in both', async () => {
    const consoleKey = app.http.as(app.consoleKey);
    const camel = await consoleKey.post('/v1/admin/organizations', { name: 'Camel Co', primaryTimezone: 'Asia/Tokyo' });
    expect(camel.body.primary_timezone).toBe('Asia/Tokyo');
    const snake = await consoleKey.post('/v1/admin/organizations', {
      name: 'Snake Co',
      primary_timezone: 'Asia/Tokyo',
    });
    expect(snake.body.primary_timezone).toBe('Asia/Tokyo');
    expectError(
      await consoleKey.post('/v1/admin/organizations', {
        name: 'Both Co',
        primaryTimezone: 'UTC',
        primary_timezone: 'UTC',
      }),
      400,
      'invalid_request',
    );
  });

  it('never returns a stack trace or the credential in an error', async () => {
    const res = await app.http.get('/v1/auth/identity', {
      headers: { authorization: 'Bearer secret-value-1234567890' },
    });
    expectError(res, 401, 'invalid_credentials');
    expect(res.text).not.toContain('secret-value');
    expect(res.text).not.toContain(' at ');
  });
});
