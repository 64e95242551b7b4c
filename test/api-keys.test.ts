import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  mintSession,
  type OrgUser,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

/** The API key record, field for field (sorted); the issue response adds `key`. */
const KEY_FIELDS = [
  'created_at',
  'created_by_user_id',
  'expires_at',
  'id',
  'last_used_at',
  'name',
  'organization_id',
  'prefix',
  'revoked_at',
  'role',
  'service_account_id',
];

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let memberDev: OrgUser;
let plainMember: OrgUser;
let plainAdmin: OrgUser;
let adminKey: string;
let memberKey: string;

const wrongCallers = () => [
  { credential: plainMember.token, code: 'forbidden' },
  { credential: plainAdmin.token, code: 'forbidden' },
  { credential: adminKey, code: 'forbidden' },
  { credential: memberKey, code: 'forbidden' },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keysPath = (accountId: string) => `/v1/service-accounts/${accountId}/api-keys`;
const identity = (credential: string) => app.http.as(credential).get('/v1/auth/identity');

async function createAccount(http: Client, body: Record<string, unknown> = {}) {
  const res = await http.post('/v1/service-accounts', { name: unique('acct'), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function issueKey(http: Client, accountId: string, body: Record<string, unknown> = {}) {
  const res = await http.post(keysPath(accountId), { name: unique('key'), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function listKeys(http: Client, accountId: string, limit = 100): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const query: string = cursor ? `?limit=${limit}&cursor=${encodeURIComponent(cursor)}` : `?limit=${limit}`;
    const res = await http.get(`${keysPath(accountId)}${query}`);
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.data);
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      return rows;
    }
    cursor = res.body.next_cursor;
  }
  throw new Error('pagination did not end');
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  memberDev = await addUser(app, orgA.admin.http, { role: 'member', is_developer: true });
  plainMember = await addUser(app, orgA.admin.http, { role: 'member', is_developer: false });
  plainAdmin = await addUser(app, orgA.admin.http, { role: 'admin', is_developer: false });
  adminKey = (await createServiceAccountWithKey(orgA.admin.http, 'admin')).key;
  memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
});
afterAll(() => app?.close());

describe('POST /v1/service-accounts/:id/api-keys', () => {
  it('issues a key once: the exact record plus the plaintext, whose first 12 characters are the prefix', async () => {
    const account = await createAccount(orgA.admin.http, { role: 'admin' });
    const before = Date.now();
    const res = await orgA.admin.http.post(keysPath(account.id), { name: 'deploy' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...KEY_FIELDS, 'key'].sort());
    expect(res.body).toMatchObject({
      name: 'deploy',
      role: 'admin',
      organization_id: orgA.org.id,
      service_account_id: account.id,
      created_by_user_id: orgA.admin.user.id,
      last_used_at: null,
      expires_at: null,
      revoked_at: null,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_MS);
    expect(Date.parse(res.body.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(typeof res.body.key).toBe('string');
    expect(res.body.key.length).toBeGreaterThanOrEqual(32);
    expect(res.body.prefix).toBe(res.body.key.slice(0, 12));

    const listed = await orgA.admin.http.get(keysPath(account.id));
    expect(listed.status, listed.text).toBe(200);
    const { key: _plaintext, ...record } = res.body;
    expect(listed.body.data).toEqual([record]);
  });

  it('gives a key that works as a bearer at once, with the identity of its service account', async () => {
    for (const role of ['member', 'admin'] as const) {
      const account = await createAccount(orgA.admin.http, { role });
      const issued = await issueKey(orgA.admin.http, account.id);
      const res = await identity(issued.key);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        credential_type: 'api_key',
        user_id: null,
        organization_id: orgA.org.id,
        role,
        api_key_id: issued.id,
        service_account_id: account.id,
        can_mint_cross_org: false,
        can_access_console: false,
      });
    }
  });

  it('issues distinct keys to one account, each working on its own', async () => {
    const account = await createAccount(orgA.admin.http);
    const one = await issueKey(orgA.admin.http, account.id, { name: 'one' });
    const two = await issueKey(memberDev.http, account.id, { name: 'two' });
    expect(two.key).not.toBe(one.key);
    expect(two.id).not.toBe(one.id);
    expect(two.created_by_user_id).toBe(memberDev.user.id);
    expect((await identity(one.key)).body.api_key_id).toBe(one.id);
    expect((await identity(two.key)).body.api_key_id).toBe(two.id);
  });

  it('takes a trimmed name of 1 to 120 characters and a future ISO 8601 expiry, normalised to UTC', async () => {
    const account = await createAccount(orgA.admin.http);
    expect((await issueKey(orgA.admin.http, account.id, { name: '  spaced  ' })).name).toBe('spaced');
    expect((await issueKey(orgA.admin.http, account.id, { name: 'k' })).name).toBe('k');
    const long = 'n'.repeat(120);
    expect((await issueKey(orgA.admin.http, account.id, { name: long })).name).toBe(long);

    const inAYear = new Date(Date.now() + 365 * 24 * 3600_000);
    inAYear.setUTCMilliseconds(250);
    const utc = await issueKey(orgA.admin.http, account.id, { expires_at: inAYear.toISOString() });
    expect(utc.expires_at).toBe(inAYear.toISOString());
    const offset = await issueKey(orgA.admin.http, account.id, { expires_at: '2099-06-01T12:00:00+02:00' });
    expect(offset.expires_at).toBe('2099-06-01T10:00:00.000Z');
    expect((await identity(offset.key)).status).toBe(200);
  });

  it('accepts the camelCase spelling expiresAt', async () => {
    const account = await createAccount(orgA.admin.http);
    const issued = await issueKey(orgA.admin.http, account.id, { expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(issued.expires_at).toBe('2099-01-01T00:00:00.000Z');
  });

  it('422s an invalid name or expiry with validation_error and issues nothing', async () => {
    const account = await createAccount(orgA.admin.http);
    const post = (body: unknown) => orgA.admin.http.post(keysPath(account.id), body);
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(121) },
      { name: 5 },
      { name: 'k', expires_at: new Date(Date.now() - 60_000).toISOString() },
      { name: 'k', expires_at: new Date(Date.now() - 365 * 24 * 3600_000).toISOString() },
      { name: 'k', expires_at: 'garbage' },
      { name: 'k', expires_at: 'tomorrow' },
      { name: 'k', expires_at: '2099-13-01T00:00:00Z' },
      { name: 'k', expires_at: 4102444800000 },
    ]) {
      expectError(await post(body), 422, 'validation_error');
    }
    expect(await listKeys(orgA.admin.http, account.id)).toEqual([]);
  });

  it('400s unknown fields and non-object bodies', async () => {
    const account = await createAccount(orgA.admin.http);
    const post = (body: unknown) => orgA.admin.http.post(keysPath(account.id), body);
    for (const body of [
      { name: 'k', role: 'admin' },
      { name: 'k', key: `atr_${'a'.repeat(43)}` },
      { name: 'k', prefix: 'atr_custom' },
      { name: 'k', service_account_id: randomId() },
      { name: 'k', revoked_at: null },
      ['k'],
    ]) {
      expectError(await post(body), 400, 'invalid_request');
    }
    expectError(await orgA.admin.http.request('POST', keysPath(account.id), { raw: '{' }), 400, 'invalid_request');
    expect(await listKeys(orgA.admin.http, account.id)).toEqual([]);
  });

  it('409s service_account_suspended while the account is suspended, and issues again once unsuspended', async () => {
    const account = await createAccount(orgA.admin.http);
    expect((await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: true })).status).toBe(
      200,
    );
    expectError(await orgA.admin.http.post(keysPath(account.id), { name: 'k' }), 409, 'service_account_suspended');
    expect(await listKeys(orgA.admin.http, account.id)).toEqual([]);
    expect((await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: false })).status).toBe(
      200,
    );
    const issued = await issueKey(orgA.admin.http, account.id);
    expect((await identity(issued.key)).status).toBe(200);
  });

  it('403s forbidden_role when a member developer asks for a key of an admin account', async () => {
    const adminAccount = await createAccount(orgA.admin.http, { role: 'admin' });
    expectError(await memberDev.http.post(keysPath(adminAccount.id), { name: 'k' }), 403, 'forbidden_role');
    expect(await listKeys(orgA.admin.http, adminAccount.id)).toEqual([]);
    expect((await issueKey(orgA.admin.http, adminAccount.id)).key).toBeTruthy();
  });

  it('404s an unknown, malformed or deleted account', async () => {
    expectError(await orgA.admin.http.post(keysPath(randomId()), { name: 'k' }), 404, 'not_found');
    expectError(await orgA.admin.http.post(keysPath('nope'), { name: 'k' }), 404, 'not_found');
    const account = await createAccount(orgA.admin.http);
    expect((await orgA.admin.http.delete(`/v1/service-accounts/${account.id}`)).status).toBe(204);
    expectError(await orgA.admin.http.post(keysPath(account.id), { name: 'k' }), 404, 'not_found');
  });

  it('refuses the wrong callers and hides other organizations, issuing nothing', async () => {
    const account = await createAccount(orgA.admin.http);
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/service-accounts/:id/api-keys',
      path: keysPath(account.id),
      body: { name: 'intruder' },
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: keysPath(randomId()) },
    });
    expect(await listKeys(orgA.admin.http, account.id)).toEqual([]);
  });
});

describe('GET /v1/service-accounts/:id/api-keys', () => {
  it('lists active and revoked keys newest first, in the envelope, never with the plaintext', async () => {
    const account = await createAccount(orgA.admin.http);
    const issued: any[] = [];
    for (let i = 0; i < 4; i++) issued.push(await issueKey(orgA.admin.http, account.id, { name: `k${i}` }));
    const other = await createServiceAccountWithKey(orgA.admin.http);
    expect((await orgA.admin.http.delete(`${keysPath(account.id)}/${issued[1].id}`)).status).toBe(204);

    const res = await memberDev.http.get(keysPath(account.id));
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(res.body.has_more).toBe(false);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data.map((k: any) => k.id)).toEqual(issued.map((k) => k.id).reverse());
    expect(res.body.data.some((k: any) => k.id === other.keyRecord.id)).toBe(false);
    for (const row of res.body.data) {
      expect(Object.keys(row).sort()).toEqual(KEY_FIELDS);
      expect(row.service_account_id).toBe(account.id);
    }
    const revoked = res.body.data.find((k: any) => k.id === issued[1].id);
    expect(revoked.revoked_at).toMatch(ISO_MS);
    expect(res.body.data.filter((k: any) => k.revoked_at === null)).toHaveLength(3);
    for (const { key } of issued) expect(res.text).not.toContain(key);
  });

  it('pages with limit and cursor without gaps or repeats, also for keys issued at the same moment', async () => {
    const account = await createAccount(orgA.admin.http);
    const issued = await Promise.all(
      Array.from({ length: 12 }, (_, i) => issueKey(orgA.admin.http, account.id, { name: `burst-${i}` })),
    );
    const first = await orgA.admin.http.get(`${keysPath(account.id)}?limit=5`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(5);
    expect(first.body.has_more).toBe(true);
    expect(typeof first.body.next_cursor).toBe('string');
    for (const limit of [1, 5, 12]) {
      const rows = await listKeys(orgA.admin.http, account.id, limit);
      const ids = rows.map((k) => k.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(issued.map((k) => k.id).sort());
    }
  });

  it('400s an invalid limit or cursor and 404s an unknown, malformed or deleted account', async () => {
    const account = await createAccount(orgA.admin.http);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=garbage']) {
      expectError(await orgA.admin.http.get(`${keysPath(account.id)}?${query}`), 400, 'invalid_request');
    }
    expectError(await orgA.admin.http.get(keysPath(randomId())), 404, 'not_found');
    expectError(await orgA.admin.http.get(keysPath('123')), 404, 'not_found');
    expect((await orgA.admin.http.delete(`/v1/service-accounts/${account.id}`)).status).toBe(204);
    expectError(await orgA.admin.http.get(keysPath(account.id)), 404, 'not_found');
  });

  it('refuses the wrong callers and hides other organizations', async () => {
    const { account } = await createServiceAccountWithKey(orgA.admin.http);
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/service-accounts/:id/api-keys',
      path: keysPath(account.id),
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: keysPath(randomId()) },
    });
  });
});

describe('DELETE /v1/service-accounts/:id/api-keys/:keyId', () => {
  it('revokes: 204, the next request with the key is 401, and the list shows revoked_at', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    const sibling = await issueKey(orgA.admin.http, account.id);
    expect((await identity(key)).status).toBe(200);

    const before = Date.now();
    const res = await orgA.admin.http.delete(`${keysPath(account.id)}/${keyRecord.id}`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expectError(await identity(key), 401, 'invalid_credentials');
    expectError(await app.http.as(key).get('/v1/users/lookup'), 401, 'invalid_credentials');

    const rows = await listKeys(orgA.admin.http, account.id);
    const revoked = rows.find((k) => k.id === keyRecord.id);
    expect(revoked.revoked_at).toMatch(ISO_MS);
    expect(Date.parse(revoked.revoked_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(revoked.revoked_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(rows.find((k) => k.id === sibling.id).revoked_at).toBeNull();
    expect((await identity(sibling.key)).status).toBe(200);

    // Revoking again changes nothing: still 204, the first revocation time kept.
    const again = await memberDev.http.delete(`${keysPath(account.id)}/${keyRecord.id}`);
    expect(again.status, again.text).toBe(204);
    const after = (await listKeys(orgA.admin.http, account.id)).find((k) => k.id === keyRecord.id);
    expect(after.revoked_at).toBe(revoked.revoked_at);
    expectError(await identity(key), 401, 'invalid_credentials');
  });

  it('ends the sessions the key minted on their very next request, and the key can mint no more', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    const token = await mintSession(app, key, plainMember.user.email, plainMember.password);
    expect((await identity(token)).status).toBe(200);
    expect((await orgA.admin.http.delete(`${keysPath(account.id)}/${keyRecord.id}`)).status).toBe(204);
    expectError(await identity(token), 401, 'invalid_credentials');
    const mint = await app.http
      .as(key)
      .post('/v1/auth/sessions', { email: plainMember.user.email, password: plainMember.password });
    expectError(mint, 401, 'invalid_credentials');
  });

  it("404s a key revoked through another service account's path, an unknown key or account, and keeps the key alive", async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    const otherAccount = await createServiceAccountWithKey(orgA.admin.http);
    expectError(await orgA.admin.http.delete(`${keysPath(otherAccount.account.id)}/${keyRecord.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.delete(`${keysPath(account.id)}/${randomId()}`), 404, 'not_found');
    expectError(await orgA.admin.http.delete(`${keysPath(randomId())}/${keyRecord.id}`), 404, 'not_found');
    expectError(await orgA.admin.http.delete(`${keysPath(account.id)}/not-a-uuid`), 404, 'not_found');
    expect((await identity(key)).status).toBe(200);
    expect((await identity(otherAccount.key)).status).toBe(200);
    const rows = await listKeys(orgA.admin.http, account.id);
    expect(rows.find((k) => k.id === keyRecord.id).revoked_at).toBeNull();
  });

  it('refuses the wrong callers and hides other organizations, leaving the key working', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/service-accounts/:id/api-keys/:keyId',
      path: `${keysPath(account.id)}/${keyRecord.id}`,
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: `${keysPath(randomId())}/${randomId()}` },
    });
    // The other organization's developer cannot reach it through its own account's path either.
    const { account: bAccount } = await createServiceAccountWithKey(orgB.admin.http);
    expectError(await orgB.admin.http.delete(`${keysPath(bAccount.id)}/${keyRecord.id}`), 404, 'not_found');
    expect((await identity(key)).status).toBe(200);
  });

  it('lets a key revoke nothing, not even itself', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http, 'admin');
    expectError(await app.http.as(key).delete(`${keysPath(account.id)}/${keyRecord.id}`), 403, 'forbidden');
    expect((await identity(key)).status).toBe(200);
  });
});

describe('revocation under load', () => {
  it('refuses every request that starts after the revocation answered, with no 200 slipping through', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    const token = await mintSession(app, key, orgA.admin.user.email, orgA.admin.password);

    interface Sample {
      loop: number;
      started: number;
      ended: number;
      status: number;
    }
    const samples: Sample[] = [];
    let stop = false;
    // Sequential requests per loop; two loops use the key, one a session it minted.
    const loops = [key, key, token].map(async (credential, loop) => {
      while (!stop) {
        const started = performance.now();
        const res = await identity(credential);
        samples.push({ loop, started, ended: performance.now(), status: res.status });
      }
    });

    try {
      await waitUntil(() => samples.filter((s) => s.status === 200).length >= 30, '30 successful requests');
      const deleteSent = performance.now();
      const res = await orgA.admin.http.delete(`${keysPath(account.id)}/${keyRecord.id}`);
      const deleteAnswered = performance.now();
      expect(res.status, res.text).toBe(204);
      await waitUntil(() => samples.filter((s) => s.started > deleteAnswered).length >= 30, '30 later requests');
      stop = true;
      await Promise.all(loops);

      expect(samples.every((s) => s.status === 200 || s.status === 401)).toBe(true);
      const before = samples.filter((s) => s.ended < deleteSent);
      const after = samples.filter((s) => s.started > deleteAnswered);
      expect(before.length).toBeGreaterThanOrEqual(30);
      expect(after.length).toBeGreaterThanOrEqual(30);
      expect(before.filter((s) => s.status !== 200)).toEqual([]);
      expect(after.filter((s) => s.status !== 401)).toEqual([]);
      for (const loop of [0, 1, 2]) {
        expect(after.some((s) => s.loop === loop)).toBe(true);
        // Once a loop has been refused, it is never accepted again.
        const statuses = samples.filter((s) => s.loop === loop).map((s) => s.status);
        const firstRefusal = statuses.indexOf(401);
        expect(firstRefusal).toBeGreaterThan(0);
        expect(statuses.slice(firstRefusal).every((status) => status === 401)).toBe(true);
      }
    } finally {
      stop = true;
      await Promise.all(loops);
    }
  });
});

describe('key expiry', () => {
  it('accepts a key until its expires_at, then refuses it and its sessions with 401', async () => {
    const account = await createAccount(orgA.admin.http);
    const expiresAt = new Date(app.clock.now().getTime() + 60_000);
    const issued = await issueKey(orgA.admin.http, account.id, { expires_at: expiresAt.toISOString() });
    expect(issued.expires_at).toBe(expiresAt.toISOString());
    expect((await identity(issued.key)).status).toBe(200);
    const token = await mintSession(app, issued.key, plainMember.user.email, plainMember.password);
    expect((await identity(token)).status).toBe(200);

    // A second short of expires_at the key still works; from expires_at on it no longer does.
    app.clock.advanceTo(new Date(expiresAt.getTime() - 1_000));
    expect((await identity(issued.key)).status).toBe(200);
    app.clock.advanceTo(expiresAt);
    expectError(await identity(issued.key), 401, 'invalid_credentials');
    expectError(await identity(token), 401, 'invalid_credentials');
    const row = (await listKeys(orgA.admin.http, account.id)).find((k) => k.id === issued.id);
    expect(row).toMatchObject({ expires_at: expiresAt.toISOString(), revoked_at: null });
  });
});

describe('service account suspension', () => {
  it('refuses its keys and the sessions they minted on the very next request, and unsuspending restores both', async () => {
    const { account, key } = await createServiceAccountWithKey(orgA.admin.http);
    const second = await issueKey(orgA.admin.http, account.id);
    const token = await mintSession(app, key, plainMember.user.email, plainMember.password);
    const bystander = await createServiceAccountWithKey(orgA.admin.http);
    for (const credential of [key, second.key, token]) expect((await identity(credential)).status).toBe(200);

    const suspend = await memberDev.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: true });
    expect(suspend.status, suspend.text).toBe(200);
    expect(suspend.body.is_suspended).toBe(true);
    for (const credential of [key, second.key, token]) {
      expectError(await identity(credential), 401, 'invalid_credentials');
    }
    const mint = await app.http
      .as(key)
      .post('/v1/auth/sessions', { email: plainMember.user.email, password: plainMember.password });
    expectError(mint, 401, 'invalid_credentials');
    expect((await identity(bystander.key)).status).toBe(200);
    // Suspension is not revocation: the keys stay unrevoked.
    expect((await listKeys(orgA.admin.http, account.id)).every((k) => k.revoked_at === null)).toBe(true);

    const unsuspend = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: false });
    expect(unsuspend.status, unsuspend.text).toBe(200);
    expect(unsuspend.body.is_suspended).toBe(false);
    for (const credential of [key, second.key, token]) expect((await identity(credential)).status).toBe(200);
    const again = await app.http
      .as(key)
      .post('/v1/auth/sessions', { email: plainMember.user.email, password: plainMember.password });
    expect(again.status, again.text).toBe(200);
  });
});

describe('last use stamps', () => {
  it('sets last_used_at on the key and its account after the key is used', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    expect(keyRecord.last_used_at).toBeNull();
    expect(account.last_used_at).toBeNull();
    const before = Date.now();
    expect((await identity(key)).status).toBe(200);

    let keyRow: any;
    let accountRow: any;
    for (let attempt = 0; attempt < 50; attempt++) {
      keyRow = (await listKeys(orgA.admin.http, account.id)).find((k) => k.id === keyRecord.id);
      accountRow = (await orgA.admin.http.get(`/v1/service-accounts/${account.id}`)).body;
      if (keyRow.last_used_at !== null && accountRow.last_used_at !== null) break;
      await sleep(100);
    }
    for (const stamp of [keyRow.last_used_at, accountRow.last_used_at]) {
      expect(stamp).toMatch(ISO_MS);
      expect(Date.parse(stamp)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(stamp)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(Date.parse(stamp)).toBeGreaterThanOrEqual(Date.parse(keyRecord.created_at));
    }
  });

  it('leaves last_used_at null for a key that is never used', async () => {
    const { account, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    await sleep(200);
    const row = (await listKeys(orgA.admin.http, account.id)).find((k) => k.id === keyRecord.id);
    expect(row.last_used_at).toBeNull();
    expect((await orgA.admin.http.get(`/v1/service-accounts/${account.id}`)).body.last_used_at).toBeNull();
  });
});
