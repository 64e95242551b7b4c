import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { createOrgWithAdmin, mintSession, type TestOrg } from './helpers/fixtures.ts';

let app: TestApp;
let orgA: TestOrg;

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

describe('POST /v1/auth/sessions', () => {
  it('mints an 8-hour session for a user of the key organization', async () => {
    const before = Date.now();
    const res = await app.http
      .as(app.consoleKey)
      .post('/v1/auth/sessions', { email: app.operator.email, password: app.operator.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'token']);
    expect(res.body.expires_at).toMatch(ISO_MS);
    const lifetime = Date.parse(res.body.expires_at) - before;
    expect(lifetime).toBeGreaterThan(8 * 3600_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(8 * 3600_000 + 1_000);
    const identity = await app.http.as(res.body.token).get('/v1/auth/identity');
    expect(identity.status).toBe(200);
    expect(identity.body).toMatchObject({ credential_type: 'session_token', role: 'admin', can_access_console: true });
    expect(identity.body.user_id).toMatch(UUID);
  });

  it('refuses a JWT as the minting credential with 401 api_key_required', async () => {
    const res = await orgA.admin.http.post('/v1/auth/sessions', {
      email: orgA.admin.user.email,
      password: orgA.admin.password,
    });
    expectError(res, 401, 'api_key_required');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await app.http
      .as(app.webKey)
      .post('/v1/auth/sessions', { email: orgA.admin.user.email, password: 'not-the-password' });
    const unknown = await app.http
      .as(app.webKey)
      .post('/v1/auth/sessions', { email: 'nobody@example.test', password: 'whatever-password' });
    expectError(wrong, 401, 'invalid_credentials');
    expectError(unknown, 401, 'invalid_credentials');
    expect(wrong.body.error).toBe(unknown.body.error);
  });

  it('lets the console key mint only for its own organization', async () => {
    const res = await app.http
      .as(app.consoleKey)
      .post('/v1/auth/sessions', { email: orgA.admin.user.email, password: orgA.admin.password });
    expectError(res, 401, 'invalid_credentials');
  });

  it('400s a missing field, an unknown field and a non-JSON body', async () => {
    const key = app.http.as(app.webKey);
    expectError(await key.post('/v1/auth/sessions', { email: orgA.admin.user.email }), 400, 'invalid_request');
    expectError(
      await key.post('/v1/auth/sessions', { email: 'a@b.test', password: 'x', extra: 1 }),
      400,
      'invalid_request',
    );
    expectError(await key.request('POST', '/v1/auth/sessions', { raw: '{not json' }), 400, 'invalid_request');
    expectError(await key.post('/v1/auth/sessions'), 400, 'invalid_request');
  });

  it('401s without a credential', async () => {
    expectError(await app.http.post('/v1/auth/sessions', { email: 'a@b.test', password: 'x' }), 401, 'unauthorized');
  });

  it('keeps sessions valid after a password change', async () => {
    const token = await mintSession(app, app.webKey, orgA.admin.user.email, orgA.admin.password);
    const change = await app.http.as(token).post('/v1/users/me/password', {
      current_password: orgA.admin.password,
      new_password: 'a-brand-new-password',
    });
    expect(change.status).toBe(204);
    expect((await app.http.as(token).get('/v1/auth/identity')).status).toBe(200);
    expect((await orgA.admin.http.get('/v1/auth/identity')).status).toBe(200);
    orgA.admin.password = 'a-brand-new-password';
  });
});
