import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { SERVICE_ACCOUNT_FIELDS } from './helpers/fields.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
/** A member developer of orgA: passes the gate but may not hand out the admin role. */
let memberDev: OrgUser;
/** Users of orgA without is_developer: refused whatever their role. */
let plainMember: OrgUser;
let plainAdmin: OrgUser;
/** API keys of orgA (admin and member service accounts): never pass the developer gate. */
let adminKey: string;
let memberKey: string;

/** Valid credentials of the wrong caller class for every developer route, each refused with 403 forbidden. */
const wrongCallers = () => [
  { credential: plainMember.token, code: 'forbidden' },
  { credential: plainAdmin.token, code: 'forbidden' },
  { credential: adminKey, code: 'forbidden' },
  { credential: memberKey, code: 'forbidden' },
];

async function createAccount(http: Client, body: Record<string, unknown> = {}) {
  const res = await http.post('/v1/service-accounts', { name: unique('acct'), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function listAll(http: Client, limit = 100): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const query: string = cursor ? `?limit=${limit}&cursor=${encodeURIComponent(cursor)}` : `?limit=${limit}`;
    const res = await http.get(`/v1/service-accounts${query}`);
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.data);
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      return rows;
    }
    expect(typeof res.body.next_cursor).toBe('string');
    cursor = res.body.next_cursor;
  }
  throw new Error('pagination did not end');
}

function expectAccountView(body: any) {
  expect(Object.keys(body).sort()).toEqual(SERVICE_ACCOUNT_FIELDS);
  expect(body.id).toMatch(UUID);
  expect(body.created_at).toMatch(ISO_MS);
  expect(body.updated_at).toMatch(ISO_MS);
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

describe('POST /v1/service-accounts', () => {
  it('creates a member account with the exact view, both principal flags false, created by the caller', async () => {
    const before = Date.now();
    const res = await orgA.admin.http.post('/v1/service-accounts', { name: unique('ingest') });
    expect(res.status, res.text).toBe(201);
    expectAccountView(res.body);
    expect(res.body).toMatchObject({
      organization_id: orgA.org.id,
      description: null,
      role: 'member',
      is_suspended: false,
      can_access_console: false,
      can_mint_cross_org: false,
      created_by_user_id: orgA.admin.user.id,
      last_used_at: null,
    });
    expect(Date.parse(res.body.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(res.body.updated_at).toBe(res.body.created_at);

    const got = await orgA.admin.http.get(`/v1/service-accounts/${res.body.id}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('trims the name, keeps the description and lets an admin developer set the admin role', async () => {
    const name = unique('Reporting');
    const res = await orgA.admin.http.post('/v1/service-accounts', {
      name: `   ${name}\t `,
      description: 'Nightly reports',
      role: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name, description: 'Nightly reports', role: 'admin' });
  });

  it('accepts the boundary lengths: a 120-character name and a 1000-character description', async () => {
    const name = `${unique('n')}${'x'.repeat(120)}`.slice(0, 120);
    const description = 'd'.repeat(1000);
    const res = await orgA.admin.http.post('/v1/service-accounts', { name, description });
    expect(res.status, res.text).toBe(201);
    expect(res.body.name).toBe(name);
    expect(res.body.description).toBe(description);
    const oneChar = await orgA.admin.http.post('/v1/service-accounts', { name: 'q' });
    expect(oneChar.status, oneChar.text).toBe(201);
    expect(oneChar.body.name).toBe('q');
  });

  it('accepts an explicit null description', async () => {
    const res = await orgA.admin.http.post('/v1/service-accounts', { name: unique('nulldesc'), description: null });
    expect(res.status, res.text).toBe(201);
    expect(res.body.description).toBeNull();
  });

  it('lets a member developer create member accounts, recorded as theirs', async () => {
    const res = await memberDev.http.post('/v1/service-accounts', { name: unique('member-made') });
    expect(res.status, res.text).toBe(201);
    expect(res.body.role).toBe('member');
    expect(res.body.created_by_user_id).toBe(memberDev.user.id);
    const explicit = await memberDev.http.post('/v1/service-accounts', { name: unique('member-made'), role: 'member' });
    expect(explicit.status, explicit.text).toBe(201);
  });

  it('403s forbidden_role when a member developer asks for the admin role, and creates nothing', async () => {
    const name = unique('elevated');
    expectError(await memberDev.http.post('/v1/service-accounts', { name, role: 'admin' }), 403, 'forbidden_role');
    const all = await listAll(orgA.admin.http);
    expect(all.some((a) => a.name === name)).toBe(false);
  });

  it('422s invalid field values with validation_error and creates nothing', async () => {
    const countBefore = (await listAll(orgA.admin.http)).length;
    const bad: Record<string, unknown>[] = [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(121) },
      { name: 42 },
      { name: null },
      {},
      { name: unique('ok'), role: 'owner' },
      { name: unique('ok'), role: 'ADMIN' },
      { name: unique('ok'), description: 'd'.repeat(1001) },
      { name: unique('ok'), description: 7 },
    ];
    for (const body of bad) {
      expectError(await orgA.admin.http.post('/v1/service-accounts', body), 422, 'validation_error');
    }
    expect((await listAll(orgA.admin.http)).length).toBe(countBefore);
  });

  it('400s unknown fields (principal flags included) and bodies that are not a JSON object', async () => {
    const post = (body: unknown) => orgA.admin.http.post('/v1/service-accounts', body);
    expectError(await post({ name: unique('x'), colour: 'blue' }), 400, 'invalid_request');
    expectError(await post({ name: unique('x'), can_access_console: true }), 400, 'invalid_request');
    expectError(await post({ name: unique('x'), can_mint_cross_org: true }), 400, 'invalid_request');
    expectError(await post({ name: unique('x'), organization_id: orgB.org.id }), 400, 'invalid_request');
    expectError(await post({ name: unique('x'), is_suspended: true }), 400, 'invalid_request');
    expectError(await post([{ name: unique('x') }]), 400, 'invalid_request');
    expectError(await post(undefined), 400, 'invalid_request');
    const malformed = await orgA.admin.http.request('POST', '/v1/service-accounts', { raw: '{"name": ' });
    expectError(malformed, 400, 'invalid_request');
  });

  it('409s duplicate_name for a taken name in the same organization, case-insensitively and after trimming', async () => {
    const name = unique('Dup-Name');
    await createAccount(orgA.admin.http, { name });
    for (const again of [name, name.toUpperCase(), name.toLowerCase(), `  ${name}  `]) {
      expectError(await orgA.admin.http.post('/v1/service-accounts', { name: again }), 409, 'duplicate_name');
    }
    expectError(await memberDev.http.post('/v1/service-accounts', { name }), 409, 'duplicate_name');
    const matches = (await listAll(orgA.admin.http)).filter((a) => a.name.toLowerCase() === name.toLowerCase());
    expect(matches).toHaveLength(1);
  });

  it('allows the same name in another organization', async () => {
    const name = unique('Shared-Name');
    const a = await createAccount(orgA.admin.http, { name });
    const b = await createAccount(orgB.admin.http, { name });
    expect(b.organization_id).toBe(orgB.org.id);
    expect(b.id).not.toBe(a.id);
  });

  it('refuses callers outside the developer gate', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/service-accounts',
      path: '/v1/service-accounts',
      body: { name: unique('denied') },
      forbidden: wrongCallers(),
    });
    const all = await listAll(orgA.admin.http);
    expect(all.some((a) => a.name.startsWith('denied-'))).toBe(false);
  });
});

describe('GET /v1/service-accounts', () => {
  it('answers the pagination envelope, newest first, with only the caller organization accounts', async () => {
    const org = await createOrgWithAdmin(app);
    const created: any[] = [];
    for (let i = 0; i < 7; i++) created.push(await createAccount(org.admin.http, { name: `acct-${i}` }));
    const other = await createAccount(orgB.admin.http);

    const res = await org.admin.http.get('/v1/service-accounts');
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(res.body.has_more).toBe(false);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data).toEqual([...created].reverse());
    expect(res.body.data.some((a: any) => a.id === other.id)).toBe(false);
    for (const row of res.body.data) expectAccountView(row);
  });

  it('pages with limit and cursor without gaps or repeats', async () => {
    const org = await createOrgWithAdmin(app);
    const created: any[] = [];
    for (let i = 0; i < 7; i++) created.push(await createAccount(org.admin.http, { name: `page-${i}` }));
    const newestFirst = created.map((a) => a.id).reverse();

    const first = await org.admin.http.get('/v1/service-accounts?limit=3');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((a: any) => a.id)).toEqual(newestFirst.slice(0, 3));
    expect(first.body.has_more).toBe(true);
    expect(typeof first.body.next_cursor).toBe('string');

    const second = await org.admin.http.get(`/v1/service-accounts?limit=3&cursor=${first.body.next_cursor}`);
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.map((a: any) => a.id)).toEqual(newestFirst.slice(3, 6));
    expect(second.body.has_more).toBe(true);

    const third = await org.admin.http.get(`/v1/service-accounts?limit=3&cursor=${second.body.next_cursor}`);
    expect(third.status, third.text).toBe(200);
    expect(third.body.data.map((a: any) => a.id)).toEqual(newestFirst.slice(6));
    expect(third.body.has_more).toBe(false);
    expect(third.body.next_cursor).toBeNull();

    const exact = await org.admin.http.get('/v1/service-accounts?limit=7');
    expect(exact.body.data).toHaveLength(7);
    expect(exact.body.has_more).toBe(false);
    expect(exact.body.next_cursor).toBeNull();
  });

  it('returns every account exactly once when many are created at the same moment', async () => {
    const org = await createOrgWithAdmin(app);
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createAccount(org.admin.http, { name: `burst-${i}` })),
    );
    const pageSize = await org.admin.http.get('/v1/service-accounts');
    expect(pageSize.body.data).toHaveLength(20);
    expect(pageSize.body.has_more).toBe(true);

    for (const limit of [1, 4, 7]) {
      const rows = await listAll(org.admin.http, limit);
      const ids = rows.map((a) => a.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual(created.map((a) => a.id).sort());
      const times = rows.map((a) => Date.parse(a.created_at));
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]!);
    }
  });

  it('400s an invalid limit or cursor', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'cursor=not-a-cursor', 'cursor=%7B%7D']) {
      expectError(await orgA.admin.http.get(`/v1/service-accounts?${query}`), 400, 'invalid_request');
    }
    const max = await orgA.admin.http.get('/v1/service-accounts?limit=100');
    expect(max.status, max.text).toBe(200);
  });

  it('lets a member developer list too', async () => {
    const res = await memberDev.http.get('/v1/service-accounts');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.every((a: any) => a.organization_id === orgA.org.id)).toBe(true);
  });

  it('refuses callers outside the developer gate', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/service-accounts',
      path: '/v1/service-accounts',
      forbidden: wrongCallers(),
    });
  });
});

describe('GET /v1/service-accounts/:id', () => {
  it('answers the account and 404s an unknown or malformed id', async () => {
    const account = await createAccount(orgA.admin.http, { description: 'hello' });
    const res = await memberDev.http.get(`/v1/service-accounts/${account.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(account);
    expectError(await orgA.admin.http.get(`/v1/service-accounts/${randomId()}`), 404, 'not_found');
    expectError(await orgA.admin.http.get('/v1/service-accounts/not-a-uuid'), 404, 'not_found');
  });

  it('refuses the wrong callers and hides other organizations', async () => {
    const account = await createAccount(orgA.admin.http);
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/service-accounts/:id',
      path: `/v1/service-accounts/${account.id}`,
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/service-accounts/${randomId()}` },
    });
  });
});

describe('PATCH /v1/service-accounts/:id', () => {
  it('updates name (trimmed), description and role, and moves updated_at only', async () => {
    const account = await createAccount(orgA.admin.http, { description: 'first' });
    const name = unique('Renamed');
    const res = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, {
      name: `  ${name} `,
      description: 'second',
      role: 'admin',
    });
    expect(res.status, res.text).toBe(200);
    expectAccountView(res.body);
    expect(res.body).toMatchObject({
      ...account,
      name,
      description: 'second',
      role: 'admin',
      updated_at: expect.any(String),
    });
    expect(res.body.created_at).toBe(account.created_at);
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(account.updated_at));
    const got = await orgA.admin.http.get(`/v1/service-accounts/${account.id}`);
    expect(got.body).toEqual(res.body);
  });

  it('clears the description with null and leaves omitted fields alone', async () => {
    const account = await createAccount(orgA.admin.http, { description: 'to be cleared', role: 'admin' });
    const res = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { description: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: account.name, description: null, role: 'admin', is_suspended: false });
    const only = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: true });
    expect(only.status, only.text).toBe(200);
    expect(only.body).toMatchObject({ name: account.name, description: null, role: 'admin', is_suspended: true });
    const back = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: false });
    expect(back.body.is_suspended).toBe(false);
  });

  it('lets a member developer edit member accounts, but 403s forbidden_role on elevation and changes nothing', async () => {
    const account = await createAccount(orgA.admin.http);
    const edit = await memberDev.http.patch(`/v1/service-accounts/${account.id}`, { description: 'by member' });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.description).toBe('by member');

    const newName = unique('should-not-apply');
    expectError(
      await memberDev.http.patch(`/v1/service-accounts/${account.id}`, { role: 'admin', name: newName }),
      403,
      'forbidden_role',
    );
    const got = await orgA.admin.http.get(`/v1/service-accounts/${account.id}`);
    expect(got.body).toMatchObject({ role: 'member', name: account.name, description: 'by member' });

    const sameRole = await memberDev.http.patch(`/v1/service-accounts/${account.id}`, { role: 'member' });
    expect(sameRole.status, sameRole.text).toBe(200);
  });

  it('409s duplicate_name for a name taken in the organization, and allows a case change of its own name', async () => {
    const taken = await createAccount(orgA.admin.http, { name: unique('Taken') });
    const account = await createAccount(orgA.admin.http, { name: unique('Mine') });
    for (const name of [taken.name, taken.name.toUpperCase(), ` ${taken.name} `]) {
      expectError(await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { name }), 409, 'duplicate_name');
    }
    expect((await orgA.admin.http.get(`/v1/service-accounts/${account.id}`)).body.name).toBe(account.name);

    const recased = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, {
      name: account.name.toUpperCase(),
    });
    expect(recased.status, recased.text).toBe(200);
    expect(recased.body.name).toBe(account.name.toUpperCase());

    const elsewhere = await createAccount(orgB.admin.http);
    const renamedB = await orgB.admin.http.patch(`/v1/service-accounts/${elsewhere.id}`, { name: taken.name });
    expect(renamedB.status, renamedB.text).toBe(200);
  });

  it('422s invalid field values and 400s unknown keys (principal flags included), changing nothing', async () => {
    const account = await createAccount(orgA.admin.http, { description: 'stable' });
    const patch = (body: unknown) => orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, body);
    for (const body of [
      { name: '' },
      { name: '  ' },
      { name: 'x'.repeat(121) },
      { name: null },
      { role: 'owner' },
      { role: null },
      { description: 'd'.repeat(1001) },
      { is_suspended: 'yes' },
      { is_suspended: null },
    ]) {
      expectError(await patch(body), 422, 'validation_error');
    }
    for (const body of [
      { colour: 'blue' },
      { name: unique('x'), extra: 1 },
      { can_access_console: true },
      { can_mint_cross_org: true },
      { organization_id: orgB.org.id },
      { created_by_user_id: plainMember.user.id },
      [],
    ]) {
      expectError(await patch(body), 400, 'invalid_request');
    }
    const got = await orgA.admin.http.get(`/v1/service-accounts/${account.id}`);
    expect(got.body).toEqual(account);
  });

  it('404s an unknown account and refuses the wrong callers and other organizations', async () => {
    const account = await createAccount(orgA.admin.http);
    expectError(
      await orgA.admin.http.patch(`/v1/service-accounts/${randomId()}`, { description: 'x' }),
      404,
      'not_found',
    );
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/service-accounts/:id',
      path: `/v1/service-accounts/${account.id}`,
      body: { description: 'intruder', is_suspended: true },
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/service-accounts/${randomId()}` },
    });
    expect((await orgA.admin.http.get(`/v1/service-accounts/${account.id}`)).body).toEqual(account);
  });
});

describe('request field case', () => {
  it('accepts camelCase field names and refuses one field given in both spellings', async () => {
    const account = await createAccount(orgA.admin.http);
    const res = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { isSuspended: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.is_suspended).toBe(true);
    expectError(
      await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { is_suspended: false, isSuspended: false }),
      400,
      'invalid_request',
    );
    expect((await orgA.admin.http.get(`/v1/service-accounts/${account.id}`)).body.is_suspended).toBe(true);
    expectError(
      await orgA.admin.http.post('/v1/service-accounts', { name: unique('x'), canAccessConsole: true }),
      400,
      'invalid_request',
    );
  });
});

describe('role and principal flags as seen by the account key', () => {
  it('gives a key the role of its account, following a role change on the next request', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http, 'member');
    const identity = await app.http.as(key).get('/v1/auth/identity');
    expect(identity.status, identity.text).toBe(200);
    expect(identity.body).toEqual({
      credential_type: 'api_key',
      user_id: null,
      organization_id: orgA.org.id,
      role: 'member',
      api_key_id: keyRecord.id,
      service_account_id: account.id,
      can_mint_cross_org: false,
      can_access_console: false,
    });
    // A member key is refused by an org-admin route until its account becomes admin.
    expectError(await app.http.as(key).get('/v1/users'), 403, 'forbidden');
    const up = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { role: 'admin' });
    expect(up.status, up.text).toBe(200);
    expect((await app.http.as(key).get('/v1/auth/identity')).body.role).toBe('admin');
    expect((await app.http.as(key).get('/v1/users')).status).toBe(200);
    const keys = await orgA.admin.http.get(`/v1/service-accounts/${account.id}/api-keys`);
    expect(keys.body.data[0].role).toBe('admin');
    const down = await orgA.admin.http.patch(`/v1/service-accounts/${account.id}`, { role: 'member' });
    expect(down.status, down.text).toBe(200);
    expect((await app.http.as(key).get('/v1/auth/identity')).body.role).toBe('member');
    expectError(await app.http.as(key).get('/v1/users'), 403, 'forbidden');
  });
});

describe('DELETE /v1/service-accounts/:id', () => {
  it('deletes an account without keys: 204, then 404 everywhere and gone from the list', async () => {
    const account = await createAccount(orgA.admin.http);
    const res = await orgA.admin.http.delete(`/v1/service-accounts/${account.id}`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    const path = `/v1/service-accounts/${account.id}`;
    expectError(await orgA.admin.http.get(path), 404, 'not_found');
    expectError(await orgA.admin.http.patch(path, { description: 'x' }), 404, 'not_found');
    expectError(await orgA.admin.http.get(`${path}/api-keys`), 404, 'not_found');
    expectError(await orgA.admin.http.post(`${path}/api-keys`, { name: 'k' }), 404, 'not_found');
    expectError(await orgA.admin.http.delete(path), 404, 'not_found');
    expect((await listAll(orgA.admin.http)).some((a) => a.id === account.id)).toBe(false);
  });

  it('409s has_live_keys until every key is revoked, then deletes and frees the name', async () => {
    const { account, key, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    const second = await orgA.admin.http.post(`/v1/service-accounts/${account.id}/api-keys`, { name: 'second' });
    expect(second.status, second.text).toBe(201);
    const path = `/v1/service-accounts/${account.id}`;

    expectError(await orgA.admin.http.delete(path), 409, 'has_live_keys');
    expect((await orgA.admin.http.get(path)).status).toBe(200);
    expect((await app.http.as(key).get('/v1/auth/identity')).status).toBe(200);

    expect((await orgA.admin.http.delete(`${path}/api-keys/${keyRecord.id}`)).status).toBe(204);
    expectError(await orgA.admin.http.delete(path), 409, 'has_live_keys');
    expect((await orgA.admin.http.delete(`${path}/api-keys/${second.body.id}`)).status).toBe(204);

    const res = await memberDev.http.delete(path);
    expect(res.status, res.text).toBe(204);
    expectError(await orgA.admin.http.get(path), 404, 'not_found');
    expectError(await orgA.admin.http.get(`${path}/api-keys`), 404, 'not_found');
    expectError(await orgA.admin.http.delete(`${path}/api-keys/${keyRecord.id}`), 404, 'not_found');
    expectError(await app.http.as(key).get('/v1/auth/identity'), 401, 'invalid_credentials');

    const reused = await orgA.admin.http.post('/v1/service-accounts', { name: account.name.toUpperCase() });
    expect(reused.status, reused.text).toBe(201);
    expect(reused.body.id).not.toBe(account.id);
    expect(reused.body.name).toBe(account.name.toUpperCase());
  });

  it('counts a suspended account key and an expired but unrevoked key as live', async () => {
    const { account, keyRecord } = await createServiceAccountWithKey(orgA.admin.http);
    const path = `/v1/service-accounts/${account.id}`;
    expect((await orgA.admin.http.patch(path, { is_suspended: true })).status).toBe(200);
    expectError(await orgA.admin.http.delete(path), 409, 'has_live_keys');
    expect((await orgA.admin.http.patch(path, { is_suspended: false })).status).toBe(200);

    const expiresAt = new Date(app.clock.now().getTime() + 60_000);
    const shortLived = await orgA.admin.http.post(`${path}/api-keys`, {
      name: 'short',
      expires_at: expiresAt.toISOString(),
    });
    expect(shortLived.status, shortLived.text).toBe(201);
    expect((await orgA.admin.http.delete(`${path}/api-keys/${keyRecord.id}`)).status).toBe(204);
    app.clock.advanceTo(expiresAt);
    expectError(await app.http.as(shortLived.body.key).get('/v1/auth/identity'), 401, 'invalid_credentials');
    expectError(await orgA.admin.http.delete(path), 409, 'has_live_keys');
    expect((await orgA.admin.http.delete(`${path}/api-keys/${shortLived.body.id}`)).status).toBe(204);
    expect((await orgA.admin.http.delete(path)).status).toBe(204);
  });

  it('404s an unknown account and refuses the wrong callers and other organizations', async () => {
    const account = await createAccount(orgA.admin.http);
    expectError(await orgA.admin.http.delete(`/v1/service-accounts/${randomId()}`), 404, 'not_found');
    await expectRouteSecurity({
      http: app.http,
      route: 'DELETE /v1/service-accounts/:id',
      path: `/v1/service-accounts/${account.id}`,
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/service-accounts/${randomId()}` },
    });
    expect((await orgA.admin.http.get(`/v1/service-accounts/${account.id}`)).body).toEqual(account);
  });
});

describe('the developer gate', () => {
  it('reads is_developer on every request: revoking it refuses the user next time, granting it admits them', async () => {
    const dev = await addUser(app, orgA.admin.http, { role: 'member', is_developer: true });
    expect((await dev.http.get('/v1/service-accounts')).status).toBe(200);
    const off = await orgA.admin.http.patch(`/v1/users/${dev.user.id}`, { is_developer: false });
    expect(off.status, off.text).toBe(200);
    expectError(await dev.http.get('/v1/service-accounts'), 403, 'forbidden');
    const on = await orgA.admin.http.patch(`/v1/users/${dev.user.id}`, { is_developer: true });
    expect(on.status, on.text).toBe(200);
    expect((await dev.http.get('/v1/service-accounts')).status).toBe(200);
  });

  it('admits a developer session minted with a service account key of the organization', async () => {
    const { key } = await createServiceAccountWithKey(orgA.admin.http);
    const mint = await app.http.as(key).post('/v1/auth/sessions', {
      email: memberDev.user.email,
      password: memberDev.password,
    });
    expect(mint.status, mint.text).toBe(200);
    expect((await app.http.as(mint.body.token).get('/v1/service-accounts')).status).toBe(200);
    // The session is a user session, but the key that minted it is refused on its own.
    expectError(await app.http.as(key).get('/v1/service-accounts'), 403, 'forbidden');
  });

  it('gives developers of a suspended organization 403 org_suspended, until it is unsuspended', async () => {
    const org = await createOrgWithAdmin(app);
    const console = app.http.as(app.consoleKey);
    expect((await console.post(`/v1/admin/organizations/${org.org.id}/suspend`)).status).toBe(200);
    expectError(await org.admin.http.get('/v1/service-accounts'), 403, 'org_suspended');
    expectError(await org.admin.http.post('/v1/service-accounts', { name: 'x' }), 403, 'org_suspended');
    expect((await console.post(`/v1/admin/organizations/${org.org.id}/unsuspend`)).status).toBe(200);
    expect((await org.admin.http.get('/v1/service-accounts')).status).toBe(200);
  });
});
