import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { USER_FIELDS } from './helpers/fields.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  mintSession,
  type OrgUser,
  operatorSession,
  type TestOrg,
  unique,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity } from './helpers/security.ts';

/** GET /v1/users/me adds the console role's name and sections. */
const ME_FIELDS = [...USER_FIELDS, 'console_role', 'console_sections'].sort();

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let memberA: OrgUser;
/** API keys of orgA: valid credentials, but never a session, so /v1/users/me* answer 401. */
let adminKeyA: string;
let memberKeyA: string;

/** Every API key kind: the organization's own (admin, member) and the bootstrap's console and web keys. */
const apiKeys = () => [adminKeyA, memberKeyA, app.consoleKey, app.webKey];
/** The /v1/users/me routes are for sessions: a valid API key is the wrong caller class, refused with 401. */
const keysRefused = () => apiKeys().map((credential) => ({ credential, code: 'unauthorized', status: 401 as const }));

function expectUserView(body: any) {
  expect(Object.keys(body).sort()).toEqual(USER_FIELDS);
  expect(body.id).toMatch(UUID);
  expect(body.organization_id).toMatch(UUID);
  expect(body.created_at).toMatch(ISO_MS);
  expect(body.updated_at).toMatch(ISO_MS);
}

async function me(http: Client) {
  const res = await http.get('/v1/users/me');
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(ME_FIELDS);
  return res.body;
}

/** A user created through POST /v1/users without signing in (lookup fixtures). */
async function createUser(admin: Client, fields: Record<string, unknown>) {
  const res = await admin.post('/v1/users', { email: `${unique('user')}@example.test`, ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body.user;
}

const mint = (email: string, password: string) =>
  app.http.as(app.webKey).post('/v1/auth/sessions', { email, password });

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
  orgB = await createOrgWithAdmin(app);
  memberA = await addUser(app, orgA.admin.http, { first_name: 'Mia', last_name: 'Member' });
  adminKeyA = (await createServiceAccountWithKey(orgA.admin.http, 'admin')).key;
  memberKeyA = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
});
afterAll(() => app?.close());

describe('GET /v1/users/me', () => {
  it("returns the caller's exact view with null console role and sections for an organization admin", async () => {
    const body = await me(orgA.admin.http);
    expect(body).toEqual({ ...orgA.admin.user, console_role: null, console_sections: null });
    expect(body).toMatchObject({
      id: orgA.admin.user.id,
      organization_id: orgA.org.id,
      organization_name: orgA.org.name,
      organization_is_system: false,
      first_name: 'Ada',
      last_name: 'Admin',
      display_name: 'Ada Admin',
      role: 'admin',
      is_suspended: false,
      is_developer: true,
      console_role_id: null,
    });
    expect(body.created_at).toMatch(ISO_MS);
    expect(body.updated_at).toMatch(ISO_MS);
  });

  it('returns a member as a member, and each session its own user (orgB sees orgB)', async () => {
    const body = await me(memberA.http);
    expect(body).toMatchObject({
      id: memberA.user.id,
      organization_id: orgA.org.id,
      display_name: 'Mia Member',
      role: 'member',
      is_developer: false,
      console_role: null,
      console_sections: null,
    });
    const other = await me(orgB.admin.http);
    expect(other.id).toBe(orgB.admin.user.id);
    expect(other.organization_id).toBe(orgB.org.id);
    expect(other.organization_name).toBe(orgB.org.name);
  });

  it('shows the console role name and sections of a system user, and nulls for the operator without one', async () => {
    const roles = await app.http.as(app.consoleKey).get('/v1/admin/console-roles');
    expect(roles.status, roles.text).toBe(200);
    const sales = roles.body.data.find((r: any) => r.name === 'Sales');
    expect(sales).toBeDefined();

    const operator = await operatorSession(app);
    const operatorMe = await me(app.http.as(operator));
    expect(operatorMe).toMatchObject({
      email: app.operator.email,
      role: 'admin',
      organization_is_system: true,
      console_role_id: null,
      console_role: null,
      console_sections: null,
    });

    const email = `${unique('seller')}@example.test`;
    const created = await app.http
      .as(app.consoleKey)
      .post(`/v1/admin/organizations/${operatorMe.organization_id}/users`, {
        firstName: 'Sam',
        lastName: 'Seller',
        email,
        role: 'member',
        consoleRoleId: sales.id,
      });
    expect(created.status, created.text).toBe(201);
    const token = await mintSession(app, app.consoleKey, email, created.body.password);
    expect(await me(app.http.as(token))).toMatchObject({
      email,
      role: 'member',
      organization_id: operatorMe.organization_id,
      organization_is_system: true,
      console_role_id: sales.id,
      console_role: 'Sales',
      console_sections: ['sales'],
    });
  });

  it('answers 401 unauthorized to every API key (no user behind it)', async () => {
    for (const key of apiKeys()) expectError(await app.http.as(key).get('/v1/users/me'), 401, 'unauthorized');
  });

  it('refuses missing, malformed, unknown and forged credentials', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/users/me',
      path: '/v1/users/me',
      forbidden: keysRefused(),
    });
  });
});

describe('PATCH /v1/users/me', () => {
  it('updates trimmed names and returns the exact user view; the change persists', async () => {
    const user = await addUser(app, orgA.admin.http, { first_name: 'Old', last_name: 'Name' });
    const res = await user.http.patch('/v1/users/me', { first_name: '  Nora ', last_name: ' Newname  ' });
    expect(res.status, res.text).toBe(200);
    expectUserView(res.body);
    expect(res.body).toEqual({
      ...user.user,
      first_name: 'Nora',
      last_name: 'Newname',
      display_name: 'Nora Newname',
      updated_at: expect.stringMatching(ISO_MS),
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(user.user.updated_at));
    expect(res.body.created_at).toBe(user.user.created_at);

    const after = await me(user.http);
    expect(after).toEqual({ ...res.body, console_role: null, console_sections: null });
  });

  it('keeps an explicit display name when names change, and the default follows the names otherwise', async () => {
    const user = await addUser(app, orgA.admin.http, { first_name: 'Dee', last_name: 'Default' });
    const renamed = await user.http.patch('/v1/users/me', { last_name: 'Changed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.display_name).toBe('Dee Changed');

    const shown = await user.http.patch('/v1/users/me', { display_name: '  Dee the Great ' });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ first_name: 'Dee', last_name: 'Changed', display_name: 'Dee the Great' });

    const again = await user.http.patch('/v1/users/me', { first_name: 'Dora' });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ first_name: 'Dora', display_name: 'Dee the Great' });
  });

  it('accepts camelCase field names', async () => {
    const user = await addUser(app, orgA.admin.http);
    const res = await user.http.patch('/v1/users/me', { firstName: 'Camel', lastName: 'Case', displayName: 'CC' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Camel', last_name: 'Case', display_name: 'CC' });
  });

  it('accepts names at their upper bounds (100, 100, 150 characters)', async () => {
    const user = await addUser(app, orgA.admin.http);
    const body = { first_name: 'f'.repeat(100), last_name: 'l'.repeat(100), display_name: 'd'.repeat(150) };
    const res = await user.http.patch('/v1/users/me', body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject(body);
  });

  it('400s an empty, blank, over-long, unknown-field or privileged body and changes nothing', async () => {
    const user = await addUser(app, orgA.admin.http, { first_name: 'Stay', last_name: 'Same' });
    const before = await me(user.http);
    const bodies: unknown[] = [
      {},
      [],
      'text',
      { first_name: '' },
      { first_name: '   ' },
      { last_name: '\t ' },
      { display_name: ' ' },
      { display_name: null },
      { first_name: 5 },
      { first_name: 'f'.repeat(101) },
      { last_name: 'l'.repeat(101) },
      { display_name: 'd'.repeat(151) },
      { email: `${unique('new')}@example.test` },
      { first_name: 'Ok', email: `${unique('new')}@example.test` },
      { role: 'admin' },
      { first_name: 'Ok', role: 'admin' },
      { is_developer: true },
      { is_suspended: true },
      { console_role_id: null },
      { nickname: 'x' },
      { firstName: 'Both', first_name: 'Both' },
    ];
    for (const body of bodies) {
      const res = await user.http.patch('/v1/users/me', body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(400);
      expectError(res, 400, 'invalid_request');
    }
    expectError(await user.http.patch('/v1/users/me'), 400, 'invalid_request');
    expectError(await user.http.request('PATCH', '/v1/users/me', { raw: '{"first_name":' }), 400, 'invalid_request');
    expect(await me(user.http)).toEqual(before);
  });

  it('answers 401 unauthorized to every API key', async () => {
    for (const key of apiKeys()) {
      expectError(await app.http.as(key).patch('/v1/users/me', { first_name: 'Key' }), 401, 'unauthorized');
    }
  });

  it('refuses missing, malformed, unknown and forged credentials', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/users/me',
      forbidden: keysRefused(),
      path: '/v1/users/me',
      body: { first_name: 'X' },
    });
  });
});

describe('POST /v1/users/me/password', () => {
  it('204s; the new password mints, the old one no longer does, and the current session stays valid', async () => {
    const user = await addUser(app, orgA.admin.http);
    const next = 'twelve-chars'; // exactly the 12-character minimum
    expect(next).toHaveLength(12);
    const res = await user.http.post('/v1/users/me/password', { current_password: user.password, new_password: next });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');

    expect((await mint(user.user.email, next)).status).toBe(200);
    expectError(await mint(user.user.email, user.password), 401, 'invalid_credentials');
    expect((await me(user.http)).id).toBe(user.user.id);
  });

  it('accepts camelCase field names', async () => {
    const user = await addUser(app, orgA.admin.http);
    const next = 'a-camel-case-password';
    const res = await user.http.post('/v1/users/me/password', { currentPassword: user.password, newPassword: next });
    expect(res.status, res.text).toBe(204);
    expect((await mint(user.user.email, next)).status).toBe(200);
  });

  it('400s a wrong current password, an unchanged one, a short one and bad bodies; the password stays', async () => {
    const user = await addUser(app, orgA.admin.http);
    const good = 'a-perfectly-fine-password';
    const bodies: unknown[] = [
      { current_password: 'not-the-current-password', new_password: good },
      { current_password: user.password, new_password: user.password },
      { current_password: user.password, new_password: 'elevenchars' },
      { current_password: user.password, new_password: '' },
      { current_password: user.password, new_password: 'x'.repeat(257) },
      { current_password: user.password },
      { new_password: good },
      { current_password: '', new_password: good },
      { current_password: user.password, new_password: 123456789012 },
      { current_password: user.password, new_password: good, extra: true },
      {},
      [],
    ];
    for (const body of bodies) {
      const res = await user.http.post('/v1/users/me/password', body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(400);
      expectError(res, 400, 'invalid_request');
    }
    expectError(await user.http.post('/v1/users/me/password'), 400, 'invalid_request');
    expect((await mint(user.user.email, user.password)).status).toBe(200);
    expectError(await mint(user.user.email, good), 401, 'invalid_credentials');
  });

  it('answers 401 unauthorized to every API key', async () => {
    for (const key of apiKeys()) {
      const res = await app.http
        .as(key)
        .post('/v1/users/me/password', { current_password: 'whatever-it-is', new_password: 'another-password' });
      expectError(res, 401, 'unauthorized');
    }
  });

  it('refuses missing, malformed, unknown and forged credentials', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/users/me/password',
      forbidden: keysRefused(),
      path: '/v1/users/me/password',
      body: { current_password: 'whatever-it-is', new_password: 'another-password' },
    });
  });
});

describe('GET /v1/users/lookup', () => {
  /** A dedicated organization whose users all carry the token "Qx" in their display name. */
  let orgL: TestOrg;
  /** The 22 active "Qx" users, in display-name order. */
  let qx: any[];

  const lookup = async (http: Client, query: string) => {
    const res = await http.get(`/v1/users/lookup${query}`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(['display_name', 'email', 'id']);
    return res.body.data as { id: string; display_name: string; email: string }[];
  };
  const row = (u: any) => ({ id: u.id, display_name: u.display_name, email: u.email });

  beforeAll(async () => {
    orgL = await createOrgWithAdmin(app);
    const numbers = Array.from({ length: 22 }, (_, i) => String(i + 1).padStart(2, '0'));
    // Created out of order so that creation order cannot pass for display-name order.
    const created = [];
    for (const n of [...numbers].reverse()) {
      created.push(await createUser(orgL.admin.http, { first_name: `Qx${n}`, last_name: 'Lookup' }));
    }
    qx = created.reverse();
    expect(qx.map((u) => u.display_name)).toEqual(numbers.map((n) => `Qx${n} Lookup`));

    const gone = await createUser(orgL.admin.http, { first_name: 'Qxs', last_name: 'Suspended' });
    expect((await orgL.admin.http.post(`/v1/users/${gone.id}/suspend`)).status).toBe(200);
    await createUser(orgB.admin.http, { first_name: 'Qxo', last_name: 'Otherorg' });
  });

  it('finds by display name case-insensitively, ordered by display name, with only id, display_name, email', async () => {
    expect(await lookup(orgL.admin.http, '?search=qX&limit=50')).toEqual(qx.map(row));
    expect(await lookup(orgL.admin.http, '?search=QX1')).toEqual(qx.slice(9, 19).map(row));
    expect(await lookup(orgL.admin.http, '?search=%20qx07%20lookup%20')).toEqual([row(qx[6])]);
  });

  it('orders by the display name shown, not the first name', async () => {
    const c = await createUser(orgL.admin.http, { first_name: 'Ordc', last_name: 'One' });
    const z = await createUser(orgL.admin.http, { first_name: 'Orda', last_name: 'Two', display_name: 'Ordz Custom' });
    const b = await createUser(orgL.admin.http, { first_name: 'Ordb', last_name: 'Three' });
    expect(await lookup(orgL.admin.http, '?search=ord')).toEqual([row(b), row(c), row(z)]);
  });

  it('finds by email case-insensitively', async () => {
    const target = qx[3];
    expect(await lookup(orgL.admin.http, `?search=${encodeURIComponent(target.email.toUpperCase())}`)).toEqual([
      row(target),
    ]);
    const local = target.email.split('@')[0].slice(-6).toUpperCase();
    expect(await lookup(orgL.admin.http, `?search=${local}`)).toEqual([row(target)]);
  });

  it('treats LIKE wildcards and backslashes in the search literally', async () => {
    const pct = await createUser(orgL.admin.http, { first_name: 'Wild', last_name: '100%', display_name: 'Wild 100%' });
    await createUser(orgL.admin.http, { first_name: 'Wild', last_name: '1000', display_name: 'Wild 1000' });
    const under = await createUser(orgL.admin.http, { first_name: 'Wild', last_name: 'a_b', display_name: 'Wild a_b' });
    await createUser(orgL.admin.http, { first_name: 'Wild', last_name: 'axb', display_name: 'Wild axb' });
    const slash = await createUser(orgL.admin.http, {
      first_name: 'Wild',
      last_name: 'c\\d',
      display_name: 'Wild c\\d',
    });
    await createUser(orgL.admin.http, { first_name: 'Wild', last_name: 'cd', display_name: 'Wild cd' });

    const q = (s: string) => `?search=${encodeURIComponent(s)}`;
    expect(await lookup(orgL.admin.http, q('%'))).toEqual([row(pct)]);
    expect(await lookup(orgL.admin.http, q('0%'))).toEqual([row(pct)]);
    expect(await lookup(orgL.admin.http, q('_'))).toEqual([row(under)]);
    expect(await lookup(orgL.admin.http, q('a_b'))).toEqual([row(under)]);
    expect(await lookup(orgL.admin.http, q('\\'))).toEqual([row(slash)]);
    expect(await lookup(orgL.admin.http, q('c\\d'))).toEqual([row(slash)]);
    expect(await lookup(orgL.admin.http, q('wild'))).toHaveLength(6);
  });

  it('limits to 20 by default and honours limit 1-50', async () => {
    expect(await lookup(orgL.admin.http, '?search=qx')).toEqual(qx.slice(0, 20).map(row));
    expect(await lookup(orgL.admin.http, '?search=qx&limit=5')).toEqual(qx.slice(0, 5).map(row));
    expect(await lookup(orgL.admin.http, '?search=qx&limit=1')).toEqual([row(qx[0])]);
    expect(await lookup(orgL.admin.http, '?search=qx&limit=50')).toHaveLength(22);
    const all = await lookup(orgL.admin.http, '?limit=50');
    expect(all.length).toBeGreaterThan(22);
    expect(all.length).toBeLessThanOrEqual(50);
    expect(await lookup(orgL.admin.http, '')).toEqual(all.slice(0, 20));
  });

  it('excludes suspended users and users of other organizations', async () => {
    const found = await lookup(orgL.admin.http, '?search=qxs');
    expect(found).toEqual([]);
    expect(await lookup(orgL.admin.http, '?search=otherorg')).toEqual([]);
    expect(await lookup(orgL.admin.http, `?search=${encodeURIComponent(orgB.admin.user.email)}`)).toEqual([]);
    // The other organization finds its own user, and none of orgL's.
    const fromB = await lookup(orgB.admin.http, '?search=qx&limit=50');
    expect(fromB.map((r) => r.display_name)).toEqual(['Qxo Otherorg']);
    // Unsuspending brings the user back.
    const all = await orgL.admin.http.get('/v1/users?limit=100');
    const gone = all.body.data.find((u: any) => u.first_name === 'Qxs');
    expect(gone.is_suspended).toBe(true);
    expect((await orgL.admin.http.post(`/v1/users/${gone.id}/unsuspend`)).status).toBe(200);
    expect(await lookup(orgL.admin.http, '?search=qxs')).toEqual([row(gone)]);
    expect((await orgL.admin.http.post(`/v1/users/${gone.id}/suspend`)).status).toBe(200);
    expect(await lookup(orgL.admin.http, '?search=qxs')).toEqual([]);
  });

  it("serves any credential of the organization, API keys included, each scoped to the credential's organization", async () => {
    const member = await addUser(app, orgL.admin.http);
    const memberKey = (await createServiceAccountWithKey(orgL.admin.http, 'member')).key;
    const adminKey = (await createServiceAccountWithKey(orgL.admin.http, 'admin')).key;
    const expected = qx.slice(0, 20).map(row);
    for (const http of [member.http, app.http.as(memberKey), app.http.as(adminKey)]) {
      expect(await lookup(http, '?search=qx')).toEqual(expected);
    }
    // Keys of the system organization (console, web) see the system organization only.
    for (const key of [app.consoleKey, app.webKey]) {
      expect(await lookup(app.http.as(key), '?search=qx')).toEqual([]);
      const own = await lookup(app.http.as(key), `?search=${encodeURIComponent(app.operator.email)}`);
      expect(own.map((r) => r.email)).toEqual([app.operator.email]);
    }
  });

  it('400s a limit outside 1-50 or not an integer', async () => {
    for (const limit of ['0', '51', '-1', 'abc', '2.5', '']) {
      expectError(await orgL.admin.http.get(`/v1/users/lookup?limit=${limit}`), 400, 'invalid_request');
    }
  });

  it('refuses missing, malformed, unknown and forged credentials', async () => {
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/users/lookup', path: '/v1/users/lookup?search=qx' });
  });
});

describe('a suspended organization', () => {
  it('gets 403 org_suspended on /v1/users/me* and lookup', async () => {
    const org = await createOrgWithAdmin(app);
    const key = (await createServiceAccountWithKey(org.admin.http, 'member')).key;
    const suspend = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${org.org.id}/suspend`);
    expect(suspend.status, suspend.text).toBe(200);

    expectError(await org.admin.http.get('/v1/users/me'), 403, 'org_suspended');
    expectError(await org.admin.http.patch('/v1/users/me', { first_name: 'X' }), 403, 'org_suspended');
    expectError(
      await org.admin.http.post('/v1/users/me/password', {
        current_password: org.admin.password,
        new_password: 'another-password',
      }),
      403,
      'org_suspended',
    );
    expectError(await org.admin.http.get('/v1/users/lookup'), 403, 'org_suspended');
    expectError(await app.http.as(key).get('/v1/users/lookup'), 403, 'org_suspended');
  });
});
