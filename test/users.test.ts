import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { USER_FIELDS } from './helpers/fields.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  operatorSession,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let memberA: OrgUser;
let memberDevA: OrgUser;
/** Service-account keys of orgA: the admin one passes the org-admin gate, the member one does not. */
let adminKeyA: string;
let memberKeyA: string;

/** Valid credentials of the wrong caller class for every org-admin route, each refused with 403 forbidden. */
const wrongCallers = () => [
  { credential: memberA.token, code: 'forbidden' },
  { credential: memberDevA.token, code: 'forbidden' },
  { credential: memberKeyA, code: 'forbidden' },
  // The web key is a member-role service account of the system organization.
  { credential: app.webKey, code: 'forbidden' },
];

function expectUserView(body: any) {
  expect(Object.keys(body).sort()).toEqual(USER_FIELDS);
  expect(body.id).toMatch(UUID);
  expect(body.organization_id).toMatch(UUID);
  expect(body.created_at).toMatch(ISO_MS);
  expect(body.updated_at).toMatch(ISO_MS);
}

const newEmail = () => `${unique('user')}@example.test`;

/** POST /v1/users, asserting 201; returns `{ user, password }`. */
async function createUser(admin: Client, fields: Record<string, unknown> = {}) {
  const res = await admin.post('/v1/users', { first_name: 'Una', last_name: 'User', email: newEmail(), ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body as { user: any; password: string };
}

const mint = (email: string, password: string) =>
  app.http.as(app.webKey).post('/v1/auth/sessions', { email, password });

async function getUser(http: Client, id: string) {
  const res = await http.get(`/v1/users/${id}`);
  expect(res.status, res.text).toBe(200);
  expectUserView(res.body);
  return res.body;
}

/** Walks GET /v1/users with the given page size, asserting the envelope on every page. */
async function listAll(http: Client, limit: number): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const query: string = cursor ? `?limit=${limit}&cursor=${encodeURIComponent(cursor)}` : `?limit=${limit}`;
    const res = await http.get(`/v1/users${query}`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    rows.push(...res.body.data);
    if (!res.body.has_more) {
      expect(res.body.next_cursor).toBeNull();
      return rows;
    }
    expect(res.body.data).toHaveLength(limit);
    expect(typeof res.body.next_cursor).toBe('string');
    cursor = res.body.next_cursor;
  }
  throw new Error('pagination did not end');
}

function expectNewestFirst(rows: any[]) {
  for (let i = 1; i < rows.length; i++) {
    expect(Date.parse(rows[i - 1].created_at)).toBeGreaterThanOrEqual(Date.parse(rows[i].created_at));
  }
}

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  memberA = await addUser(app, orgA.admin.http, { role: 'member' });
  memberDevA = await addUser(app, orgA.admin.http, { role: 'member', is_developer: true });
  adminKeyA = (await createServiceAccountWithKey(orgA.admin.http, 'admin')).key;
  memberKeyA = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
});
afterAll(() => app?.close());

describe('GET /v1/users', () => {
  it("lists the organization's users newest first in the exact view, and only them", async () => {
    const res = await orgA.admin.http.get('/v1/users');
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(res.body.has_more).toBe(false);
    expect(res.body.next_cursor).toBeNull();
    for (const row of res.body.data) {
      expectUserView(row);
      expect(row.organization_id).toBe(orgA.org.id);
      expect(row.organization_name).toBe(orgA.org.name);
    }
    expectNewestFirst(res.body.data);
    const ids = res.body.data.map((u: any) => u.id);
    expect(ids).toEqual(expect.arrayContaining([orgA.admin.user.id, memberA.user.id, memberDevA.user.id]));
    expect(ids).not.toContain(orgB.admin.user.id);
    // memberDevA was created after memberA, who was created after the admin.
    expect(ids.indexOf(memberDevA.user.id)).toBeLessThan(ids.indexOf(memberA.user.id));
    expect(ids.indexOf(memberA.user.id)).toBeLessThan(ids.indexOf(orgA.admin.user.id));
    expect(res.body.data.find((u: any) => u.id === memberA.user.id)).toEqual(memberA.user);
  });

  it('serves an admin-role service-account key the same list', async () => {
    const bySession = await orgA.admin.http.get('/v1/users?limit=100');
    const byKey = await app.http.as(adminKeyA).get('/v1/users?limit=100');
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.body).toEqual(bySession.body);
  });

  it("never shows another organization's users (cross-org)", async () => {
    const fromB = await listAll(orgB.admin.http, 100);
    expect(fromB.map((u) => u.id)).toEqual([orgB.admin.user.id]);
    const fromA = await listAll(orgA.admin.http, 100);
    expect(fromA.every((u) => u.organization_id === orgA.org.id)).toBe(true);
  });

  it('pages 20 by default and walks every page with a cursor, without gaps or repeats', async () => {
    const org = await createOrgWithAdmin(app);
    const created = [org.admin.user];
    for (let i = 0; i < 24; i++) created.push((await createUser(org.admin.http, { first_name: `P${i}` })).user);
    const newestFirst = created.map((u) => u.id).reverse();

    const first = await org.admin.http.get('/v1/users');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.has_more).toBe(true);
    expect(typeof first.body.next_cursor).toBe('string');
    expect(first.body.data.map((u: any) => u.id)).toEqual(newestFirst.slice(0, 20));

    for (const limit of [1, 7, 24, 25, 100]) {
      const rows = await listAll(org.admin.http, limit);
      expect(rows.map((u) => u.id)).toEqual(newestFirst);
      expectNewestFirst(rows);
    }
    const exact = await org.admin.http.get('/v1/users?limit=25');
    expect(exact.body).toMatchObject({ has_more: false, next_cursor: null });
    const second = await org.admin.http.get(`/v1/users?limit=20&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((u: any) => u.id)).toEqual(newestFirst.slice(20));
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('walks users created at the same moment without losing any', async () => {
    const org = await createOrgWithAdmin(app);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createUser(org.admin.http, { first_name: `Burst${i}` })),
    );
    const expected = [org.admin.user.id, ...burst.map((b) => b.user.id)].sort();
    for (const limit of [1, 2, 3, 5]) {
      const rows = await listAll(org.admin.http, limit);
      expect(rows.map((u) => u.id).sort(), `limit ${limit}`).toEqual(expected);
      expectNewestFirst(rows);
    }
  });

  it('400s an invalid limit or cursor', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    const queries = [
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=abc',
      'limit=2.5',
      'cursor=not-a-cursor',
      'cursor=%7B%7D',
      `cursor=${forged({ v: 'x', id: 'y' })}`,
      `cursor=${forged([1, 2])}`,
      `cursor=${forged(['not-a-time', 'not-a-uuid'])}`,
      `cursor=${forged([new Date().toISOString(), 'not-a-uuid'])}`,
      `cursor=${forged(['not-a-time', randomId()])}`,
      `cursor=${forged(['2024-02-30T00:00:00.000000Z', randomId()])}`,
      `cursor=${forged(['2024-01-01T24:00:00.000Z', randomId()])}`,
      `cursor=${forged(['0000-01-01T00:00:00.000Z', randomId()])}`,
      `cursor=${forged(['2024-01-01T00:00:00.0000001Z', randomId()])}`,
      `cursor=${forged([new Date().toISOString(), randomId(), 'extra'])}`,
    ];
    for (const query of queries) {
      const res = await orgA.admin.http.get(`/v1/users?${query}`);
      expect(res.status, `${query} → ${res.text}`).toBe(400);
      expectError(res, 400, 'invalid_request');
    }
  });

  it('refuses bad credentials and every non-admin caller', async () => {
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/users', path: '/v1/users', forbidden: wrongCallers() });
  });
});

describe('POST /v1/users', () => {
  it('creates a member with defaults, a one-time password that signs in, and the exact view', async () => {
    const email = `${unique('New.Person')}@Example.TEST`;
    const res = await orgA.admin.http.post('/v1/users', {
      first_name: '  Nia ',
      last_name: ' Newcomer ',
      email: `  ${email}  `,
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['password', 'user']);
    const { user, password } = res.body;
    expectUserView(user);
    expect(user).toEqual({
      id: expect.stringMatching(UUID),
      organization_id: orgA.org.id,
      organization_name: orgA.org.name,
      organization_is_system: false,
      first_name: 'Nia',
      last_name: 'Newcomer',
      display_name: 'Nia Newcomer',
      email: email.toLowerCase(),
      role: 'member',
      is_suspended: false,
      is_developer: false,
      console_role_id: null,
      department_id: null,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: user.created_at,
    });
    expect(typeof password).toBe('string');
    expect(password.length).toBeGreaterThanOrEqual(12);

    // The password is shown once: the user's record never carries it.
    expect(await getUser(orgA.admin.http, user.id)).toEqual(user);
    const session = await mint(email.toUpperCase(), password);
    expect(session.status, session.text).toBe(200);
    const me = await app.http.as(session.body.token).get('/v1/users/me');
    expect(me.body.id).toBe(user.id);
  });

  it('creates an admin developer with a display name; the new admin may manage users at once', async () => {
    const res = await orgA.admin.http.post('/v1/users', {
      first_name: 'Ann',
      last_name: 'Other',
      display_name: '  Annie ',
      email: newEmail(),
      role: 'admin',
      is_developer: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user).toMatchObject({ display_name: 'Annie', role: 'admin', is_developer: true });
    const session = await mint(res.body.user.email, res.body.password);
    expect((await app.http.as(session.body.token).get('/v1/users')).status).toBe(200);
  });

  it('accepts camelCase field names, and a null display name means the default', async () => {
    const res = await orgA.admin.http.post('/v1/users', {
      firstName: 'Carl',
      lastName: 'Camel',
      displayName: null,
      email: newEmail(),
      role: 'member',
      isDeveloper: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user).toMatchObject({ first_name: 'Carl', last_name: 'Camel', display_name: 'Carl Camel' });
    expect(res.body.user.is_developer).toBe(true);
  });

  it('accepts names of 255 characters', async () => {
    const body = { first_name: 'f'.repeat(255), last_name: 'l'.repeat(255), display_name: 'd'.repeat(255) };
    const { user } = await createUser(orgA.admin.http, body);
    expect(user).toMatchObject(body);
  });

  it('gives each user a different temporary password', async () => {
    const a = await createUser(orgA.admin.http);
    const b = await createUser(orgA.admin.http);
    expect(a.password).not.toBe(b.password);
  });

  it('lets an admin-role service-account key create users', async () => {
    const res = await app.http.as(adminKeyA).post('/v1/users', { first_name: 'K', last_name: 'Ey', email: newEmail() });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user.organization_id).toBe(orgA.org.id);
    expect((await mint(res.body.user.email, res.body.password)).status).toBe(200);
  });

  it('422s invalid field values with validation_error', async () => {
    const base = { first_name: 'Val', last_name: 'Id', email: newEmail() };
    const bodies: Record<string, unknown>[] = [
      { ...base, email: 'not-an-email' },
      { ...base, email: '' },
      { ...base, email: '   ' },
      { ...base, email: `${'x'.repeat(250)}@example.test` },
      { ...base, email: 42 },
      { last_name: 'Id', email: newEmail() },
      { first_name: 'Val', email: newEmail() },
      { first_name: 'Val', last_name: 'Id' },
      { ...base, first_name: '' },
      { ...base, first_name: '   ' },
      { ...base, last_name: '' },
      { ...base, first_name: 'f'.repeat(256) },
      { ...base, last_name: 'l'.repeat(256) },
      { ...base, display_name: 'd'.repeat(256) },
      { ...base, display_name: '' },
      { ...base, first_name: 7 },
      { ...base, role: 'owner' },
      { ...base, role: 'ADMIN' },
      { ...base, is_developer: 'yes' },
    ];
    for (const body of bodies) {
      const res = await orgA.admin.http.post('/v1/users', body);
      expect(res.status, `${JSON.stringify(body).slice(0, 120)} → ${res.text}`).toBe(422);
      expectError(res, 422, 'validation_error');
    }
  });

  it('400s unknown fields and malformed bodies with invalid_request', async () => {
    const base = { first_name: 'Val', last_name: 'Id', email: newEmail() };
    const bodies: unknown[] = [
      { ...base, nickname: 'x' },
      { ...base, password: 'chosen-by-the-admin' },
      { ...base, is_suspended: true },
      { ...base, console_role_id: null },
      { ...base, consoleRoleId: randomId() },
      { ...base, firstName: 'Val' },
      [],
      'text',
    ];
    for (const body of bodies) {
      const res = await orgA.admin.http.post('/v1/users', body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(400);
      expectError(res, 400, 'invalid_request');
    }
    expectError(await orgA.admin.http.post('/v1/users'), 400, 'invalid_request');
    expectError(await orgA.admin.http.request('POST', '/v1/users', { raw: '{"first_name":' }), 400, 'invalid_request');
    // None of them was created.
    const rows = await listAll(orgA.admin.http, 100);
    expect(rows.some((u) => u.email === base.email)).toBe(false);
  });

  it('409s a duplicate email, also differing in case or belonging to another organization', async () => {
    const { user } = await createUser(orgA.admin.http);
    const dupes = [
      user.email,
      user.email.toUpperCase(),
      ` ${user.email} `,
      orgB.admin.user.email,
      orgB.admin.user.email.toUpperCase(),
      app.operator.email,
    ];
    for (const email of dupes) {
      const res = await orgA.admin.http.post('/v1/users', { first_name: 'Dup', last_name: 'Licate', email });
      expect(res.status, `${email} → ${res.text}`).toBe(409);
      expectError(res, 409, 'duplicate_email');
    }
    // The same from the other organization.
    expectError(
      await orgB.admin.http.post('/v1/users', { first_name: 'Dup', last_name: 'Licate', email: user.email }),
      409,
      'duplicate_email',
    );
  });

  it("creates in the caller's own organization only (cross-org)", async () => {
    const { user } = await createUser(orgB.admin.http);
    expect(user.organization_id).toBe(orgB.org.id);
    expectError(await orgA.admin.http.get(`/v1/users/${user.id}`), 404, 'not_found');
    const fromA = await listAll(orgA.admin.http, 100);
    expect(fromA.some((u) => u.id === user.id)).toBe(false);
  });

  it('applies the system organization console-role rule: a member without console role is 400 validation_error', async () => {
    const operator = app.http.as(await operatorSession(app));
    expectError(
      await operator.post('/v1/users', { first_name: 'Sys', last_name: 'Member', email: newEmail(), role: 'member' }),
      400,
      'validation_error',
    );
    expectError(
      await operator.post('/v1/users', { first_name: 'Sys', last_name: 'Member', email: newEmail() }),
      400,
      'validation_error',
    );
    const res = await operator.post('/v1/users', {
      first_name: 'Sys',
      last_name: 'Admin',
      email: newEmail(),
      role: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user).toMatchObject({ organization_is_system: true, role: 'admin', console_role_id: null });
  });

  it('refuses bad credentials and every non-admin caller', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/users',
      path: '/v1/users',
      body: { first_name: 'Sec', last_name: 'Urity', email: newEmail() },
      forbidden: wrongCallers(),
    });
  });
});

describe('GET /v1/users/:userId', () => {
  it('returns the exact view, for an admin session and an admin-role key alike', async () => {
    const user = await getUser(orgA.admin.http, memberA.user.id);
    expect(user).toEqual(memberA.user);
    expect(await getUser(app.http.as(adminKeyA), memberA.user.id)).toEqual(user);
    expect(await getUser(orgA.admin.http, orgA.admin.user.id)).toEqual(orgA.admin.user);
  });

  it("404s another organization's user, the operator, an unknown id and a non-uuid", async () => {
    const operatorId = (await app.http.as(await operatorSession(app)).get('/v1/users/me')).body.id;
    for (const id of [orgB.admin.user.id, operatorId, randomId(), 'not-a-uuid', '123']) {
      expectError(await orgA.admin.http.get(`/v1/users/${id}`), 404, 'not_found');
    }
    // The console key is a system-organization admin: it gets no view into other organizations here.
    expectError(await app.http.as(app.consoleKey).get(`/v1/users/${memberA.user.id}`), 404, 'not_found');
  });

  it('refuses bad credentials, non-admin callers and other organizations', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/users/:userId',
      path: `/v1/users/${memberA.user.id}`,
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/users/${randomId()}` },
    });
  });
});

describe('PATCH /v1/users/:userId', () => {
  it('updates trimmed names and returns the exact view; the change persists', async () => {
    const { user } = await createUser(orgA.admin.http, { first_name: 'Pat', last_name: 'Before' });
    const res = await orgA.admin.http.patch(`/v1/users/${user.id}`, { first_name: ' Pam ', last_name: 'After  ' });
    expect(res.status, res.text).toBe(200);
    expectUserView(res.body);
    expect(res.body).toEqual({
      ...user,
      first_name: 'Pam',
      last_name: 'After',
      display_name: 'Pam After',
      updated_at: expect.stringMatching(ISO_MS),
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(user.updated_at));
    expect(await getUser(orgA.admin.http, user.id)).toEqual(res.body);
  });

  it('sets a display name, and null resets it to the default that follows the names', async () => {
    const { user } = await createUser(orgA.admin.http, { first_name: 'Dan', last_name: 'Display' });
    const set = await orgA.admin.http.patch(`/v1/users/${user.id}`, { display_name: 'Danny D' });
    expect(set.body.display_name).toBe('Danny D');
    const renamed = await orgA.admin.http.patch(`/v1/users/${user.id}`, { first_name: 'Daniel' });
    expect(renamed.body.display_name).toBe('Danny D');
    const reset = await orgA.admin.http.patch(`/v1/users/${user.id}`, { display_name: null });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.display_name).toBe('Daniel Display');
    const follows = await orgA.admin.http.patch(`/v1/users/${user.id}`, { lastName: 'Dee' });
    expect(follows.body.display_name).toBe('Daniel Dee');
  });

  it('changes role and is_developer; an existing session reflects the new role on its next request', async () => {
    const user = await addUser(app, orgA.admin.http, { role: 'member' });
    expectError(await user.http.get('/v1/users'), 403, 'forbidden');

    const promoted = await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { role: 'admin', is_developer: true });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'admin', is_developer: true });
    expect((await user.http.get('/v1/users')).status).toBe(200);

    const demoted = await orgA.admin.http.patch(`/v1/users/${user.user.id}`, { role: 'member', isDeveloper: false });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body).toMatchObject({ role: 'member', is_developer: false });
    expectError(await user.http.get('/v1/users'), 403, 'forbidden');
  });

  it('lets an admin-role service-account key patch any user, admins included', async () => {
    const key = app.http.as(adminKeyA);
    const res = await key.patch(`/v1/users/${orgA.admin.user.id}`, { display_name: 'Ada the Admin' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.display_name).toBe('Ada the Admin');
    const back = await key.patch(`/v1/users/${orgA.admin.user.id}`, { display_name: null });
    expect(back.body.display_name).toBe('Ada Admin');
  });

  it('400s unknown fields (email among them) and invalid values, and changes nothing', async () => {
    const { user } = await createUser(orgA.admin.http, { first_name: 'Still', last_name: 'Same' });
    const before = await getUser(orgA.admin.http, user.id);
    const bodies: unknown[] = [
      { email: newEmail() },
      { first_name: 'Ok', email: newEmail() },
      { console_role_id: null },
      { consoleRoleId: randomId() },
      { is_suspended: true },
      { password: 'a-new-password-here' },
      { nickname: 'x' },
      { role: 'owner' },
      { role: null },
      { is_developer: 'true' },
      { is_developer: null },
      { first_name: '' },
      { first_name: '   ' },
      { first_name: null },
      { last_name: '' },
      { display_name: '' },
      { display_name: '  ' },
      { first_name: 'f'.repeat(256) },
      { display_name: 'd'.repeat(256) },
      { firstName: 'Both', first_name: 'Both' },
      [],
      'text',
    ];
    for (const body of bodies) {
      const res = await orgA.admin.http.patch(`/v1/users/${user.id}`, body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(400);
      expectError(res, 400, 'invalid_request');
    }
    expectError(
      await orgA.admin.http.request('PATCH', `/v1/users/${user.id}`, { raw: '{"role":' }),
      400,
      'invalid_request',
    );
    expect(await getUser(orgA.admin.http, user.id)).toEqual(before);
  });

  it('403s self_action_forbidden when an admin patches their own user, even harmlessly', async () => {
    for (const body of [{ first_name: 'Me' }, { role: 'member' }, { is_developer: false }, { role: 'admin' }]) {
      expectError(await orgA.admin.http.patch(`/v1/users/${orgA.admin.user.id}`, body), 403, 'self_action_forbidden');
    }
    expect(await getUser(orgA.admin.http, orgA.admin.user.id)).toMatchObject({
      first_name: 'Ada',
      role: 'admin',
      is_developer: true,
    });
  });

  it("404s another organization's user, an unknown id and a non-uuid, changing nothing", async () => {
    for (const id of [orgB.admin.user.id, randomId(), 'not-a-uuid']) {
      expectError(await orgA.admin.http.patch(`/v1/users/${id}`, { first_name: 'Hijack' }), 404, 'not_found');
    }
    expect(await getUser(orgB.admin.http, orgB.admin.user.id)).toEqual(orgB.admin.user);
  });

  it('400s demoting a system-organization admin who holds no console role (validation_error)', async () => {
    const operator = app.http.as(await operatorSession(app));
    const res = await operator.post('/v1/users', {
      first_name: 'Sys',
      last_name: 'Two',
      email: newEmail(),
      role: 'admin',
    });
    expect(res.status, res.text).toBe(201);
    expectError(await operator.patch(`/v1/users/${res.body.user.id}`, { role: 'member' }), 400, 'validation_error');
    expect((await operator.get(`/v1/users/${res.body.user.id}`)).body.role).toBe('admin');
  });

  it('refuses bad credentials, non-admin callers and other organizations', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/users/:userId',
      path: `/v1/users/${memberA.user.id}`,
      body: { first_name: 'Probe' },
      forbidden: wrongCallers(),
      crossOrg: { credential: orgB.admin.token, missingPath: `/v1/users/${randomId()}` },
    });
    expect(await getUser(orgA.admin.http, memberA.user.id)).toEqual(memberA.user);
  });
});

describe('last active admin protection', () => {
  let org: TestOrg;
  /** An admin-role key of the organization: acting through it, the self rule never fires. */
  let key: Client;
  beforeAll(async () => {
    org = await createOrgWithAdmin(app);
    key = app.http.as((await createServiceAccountWithKey(org.admin.http, 'admin')).key);
  });

  it('409s demoting or suspending the only admin; other changes to that admin pass', async () => {
    const adminId = org.admin.user.id;
    expectError(await key.patch(`/v1/users/${adminId}`, { role: 'member' }), 409, 'last_active_admin');
    expectError(await key.post(`/v1/users/${adminId}/suspend`), 409, 'last_active_admin');
    expect(await getUser(key, adminId)).toMatchObject({ role: 'admin', is_suspended: false });

    const harmless = await key.patch(`/v1/users/${adminId}`, { role: 'admin', first_name: 'Ada', is_developer: true });
    expect(harmless.status, harmless.text).toBe(200);
    // The self rule comes first for the admin's own session.
    expectError(await org.admin.http.patch(`/v1/users/${adminId}`, { role: 'member' }), 403, 'self_action_forbidden');
    expectError(await org.admin.http.post(`/v1/users/${adminId}/suspend`), 403, 'self_action_forbidden');
  });

  it('lets one of two admins be demoted, then protects the one left', async () => {
    const second = await addUser(app, org.admin.http, { role: 'admin' });
    const demoted = await second.http.patch(`/v1/users/${org.admin.user.id}`, { role: 'member' });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.role).toBe('member');
    expectError(await key.patch(`/v1/users/${second.user.id}`, { role: 'member' }), 409, 'last_active_admin');
    expectError(await key.post(`/v1/users/${second.user.id}/suspend`), 409, 'last_active_admin');

    const restored = await second.http.patch(`/v1/users/${org.admin.user.id}`, { role: 'admin' });
    expect(restored.status, restored.text).toBe(200);
    // Two admins again: the original admin may demote the second.
    const back = await org.admin.http.patch(`/v1/users/${second.user.id}`, { role: 'member' });
    expect(back.status, back.text).toBe(200);
    expectError(await second.http.get('/v1/users'), 403, 'forbidden');
  });

  it('does not count a suspended admin as active, and lets a suspended admin be demoted', async () => {
    const other = await addUser(app, org.admin.http, { role: 'admin' });
    const suspended = await org.admin.http.post(`/v1/users/${other.user.id}/suspend`);
    expect(suspended.status, suspended.text).toBe(200);

    expectError(await key.patch(`/v1/users/${org.admin.user.id}`, { role: 'member' }), 409, 'last_active_admin');
    expectError(await key.post(`/v1/users/${org.admin.user.id}/suspend`), 409, 'last_active_admin');

    const demoted = await key.patch(`/v1/users/${other.user.id}`, { role: 'member' });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body).toMatchObject({ role: 'member', is_suspended: true });

    // An unsuspended admin counts again.
    expect((await key.patch(`/v1/users/${other.user.id}`, { role: 'admin' })).status).toBe(200);
    expect((await key.post(`/v1/users/${other.user.id}/unsuspend`)).status).toBe(200);
    const nowAllowed = await key.post(`/v1/users/${org.admin.user.id}/suspend`);
    expect(nowAllowed.status, nowAllowed.text).toBe(200);
    expectError(await key.post(`/v1/users/${other.user.id}/suspend`), 409, 'last_active_admin');
    expect((await key.post(`/v1/users/${org.admin.user.id}/unsuspend`)).status).toBe(200);
  });
});

describe('POST /v1/users/:userId/suspend and /unsuspend', () => {
  it('suspends: 200 exact view, the session is refused at once, sign-in fails, the list still shows the user', async () => {
    const user = await addUser(app, orgA.admin.http);
    expect((await user.http.get('/v1/users/me')).status).toBe(200);

    const res = await orgA.admin.http.post(`/v1/users/${user.user.id}/suspend`);
    expect(res.status, res.text).toBe(200);
    expectUserView(res.body);
    expect(res.body).toEqual({ ...user.user, is_suspended: true, updated_at: expect.stringMatching(ISO_MS) });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(user.user.updated_at));

    expectError(await user.http.get('/v1/users/me'), 401, 'invalid_credentials');
    expectError(await user.http.get('/v1/users/lookup'), 401, 'invalid_credentials');
    expectError(await mint(user.user.email, user.password), 401, 'invalid_credentials');

    const listed = (await listAll(orgA.admin.http, 100)).find((u) => u.id === user.user.id);
    expect(listed).toEqual(res.body);
    expect(await getUser(orgA.admin.http, user.user.id)).toEqual(res.body);
  });

  it('unsuspends: 200 exact view and the user signs in again at once', async () => {
    const user = await addUser(app, orgA.admin.http);
    expect((await orgA.admin.http.post(`/v1/users/${user.user.id}/suspend`)).status).toBe(200);
    const res = await orgA.admin.http.post(`/v1/users/${user.user.id}/unsuspend`);
    expect(res.status, res.text).toBe(200);
    expectUserView(res.body);
    expect(res.body).toEqual({ ...user.user, is_suspended: false, updated_at: expect.stringMatching(ISO_MS) });

    const session = await mint(user.user.email, user.password);
    expect(session.status, session.text).toBe(200);
    expect((await app.http.as(session.body.token).get('/v1/users/me')).body.id).toBe(user.user.id);
  });

  it('unsuspending an active user succeeds and changes nothing that matters', async () => {
    const res = await orgA.admin.http.post(`/v1/users/${memberA.user.id}/unsuspend`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: memberA.user.id, is_suspended: false });
    expect((await memberA.http.get('/v1/users/me')).status).toBe(200);
  });

  it('works through an admin-role service-account key, with or without an empty JSON body', async () => {
    const user = await addUser(app, orgA.admin.http);
    const key = app.http.as(adminKeyA);
    const suspended = await key.request('POST', `/v1/users/${user.user.id}/suspend`, {
      headers: { 'content-type': 'application/json' },
      raw: '',
    });
    expect(suspended.status, suspended.text).toBe(200);
    expect(suspended.body.is_suspended).toBe(true);
    const back = await key.post(`/v1/users/${user.user.id}/unsuspend`, {});
    expect(back.status, back.text).toBe(200);
    expect(back.body.is_suspended).toBe(false);
  });

  it('403s self_action_forbidden on suspending or unsuspending oneself', async () => {
    const second = await addUser(app, orgA.admin.http, { role: 'admin' });
    for (const action of ['suspend', 'unsuspend']) {
      expectError(await second.http.post(`/v1/users/${second.user.id}/${action}`), 403, 'self_action_forbidden');
    }
    expect((await second.http.get('/v1/users/me')).body.is_suspended).toBe(false);
  });

  it("404s another organization's user, an unknown id and a non-uuid, changing nothing", async () => {
    for (const action of ['suspend', 'unsuspend']) {
      for (const id of [orgB.admin.user.id, randomId(), 'not-a-uuid']) {
        expectError(await orgA.admin.http.post(`/v1/users/${id}/${action}`), 404, 'not_found');
      }
    }
    expect((await orgB.admin.http.get('/v1/users/me')).status).toBe(200);
  });

  for (const c of [
    { route: 'POST /v1/users/:userId/suspend', action: 'suspend' },
    { route: 'POST /v1/users/:userId/unsuspend', action: 'unsuspend' },
  ] as const) {
    const { action } = c;
    it(`${action}: refuses bad credentials, non-admin callers and other organizations`, async () => {
      const target = await addUser(app, orgA.admin.http);
      await expectRouteSecurity({
        http: app.http,
        route: c.route,
        path: `/v1/users/${target.user.id}/${action}`,
        forbidden: wrongCallers(),
        crossOrg: { credential: orgB.admin.token, missingPath: `/v1/users/${randomId()}/${action}` },
      });
      expect(await getUser(orgA.admin.http, target.user.id)).toEqual(target.user);
      expect((await target.http.get('/v1/users/me')).status).toBe(200);
    });
  }
});

describe('a suspended organization', () => {
  it('gets 403 org_suspended on every org-admin user route', async () => {
    const org = await createOrgWithAdmin(app);
    const member = await addUser(app, org.admin.http);
    const key = (await createServiceAccountWithKey(org.admin.http, 'admin')).key;
    const suspend = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${org.org.id}/suspend`);
    expect(suspend.status, suspend.text).toBe(200);

    for (const http of [org.admin.http, app.http.as(key)]) {
      expectError(await http.get('/v1/users'), 403, 'org_suspended');
      expectError(
        await http.post('/v1/users', { first_name: 'A', last_name: 'B', email: newEmail() }),
        403,
        'org_suspended',
      );
      expectError(await http.get(`/v1/users/${member.user.id}`), 403, 'org_suspended');
      expectError(await http.patch(`/v1/users/${member.user.id}`, { first_name: 'X' }), 403, 'org_suspended');
      expectError(await http.post(`/v1/users/${member.user.id}/suspend`), 403, 'org_suspended');
      expectError(await http.post(`/v1/users/${member.user.id}/unsuspend`), 403, 'org_suspended');
    }
  });
});
