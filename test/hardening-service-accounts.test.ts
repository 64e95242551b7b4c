import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
} from './helpers/fixtures.ts';
import { randomId } from './helpers/security.ts';

/**
 * Finding 10: a developer who is not an org admin may not act on a service account holding the admin role (its
 * keys act as an admin). Every write route answers 403 `forbidden_role` and changes nothing; reads stay open;
 * an org admin developer may do each write; member-role accounts stay the member developer's to manage.
 */
let app: TestApp;
let org: TestOrg;
let memberDev: OrgUser;

const accountPath = (id: string) => `/v1/service-accounts/${id}`;
const keysPath = (id: string) => `${accountPath(id)}/api-keys`;
const identity = (key: string) => app.http.as(key).get('/v1/auth/identity');

/** An admin-role account with one live key, made by the org admin. */
const adminAccount = () => createServiceAccountWithKey(org.admin.http, 'admin');

async function keysOf(accountId: string): Promise<any[]> {
  const res = await org.admin.http.get(keysPath(accountId));
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
  memberDev = await addUser(app, org.admin.http, { role: 'member', is_developer: true });
});
afterAll(() => app?.close());

describe('a member developer and an admin-role service account', () => {
  it('PATCH: 403 forbidden_role for every field, suspension and demotion included; nothing changes', async () => {
    const { account, key } = await adminAccount();
    const bodies = [
      { description: 'edited by a member' },
      { name: `renamed-${account.name}` },
      { is_suspended: true },
      { role: 'member' },
      { role: 'admin' },
      {},
    ];
    for (const body of bodies) {
      expectError(await memberDev.http.patch(accountPath(account.id), body), 403, 'forbidden_role');
    }
    expect((await org.admin.http.get(accountPath(account.id))).body).toEqual(account);
    expect((await identity(key)).body.role).toBe('admin');
  });

  it('DELETE: 403 forbidden_role even with every key revoked; the account stays', async () => {
    const { account, keyRecord } = await adminAccount();
    expect((await org.admin.http.delete(`${keysPath(account.id)}/${keyRecord.id}`)).status).toBe(204);
    expectError(await memberDev.http.delete(accountPath(account.id)), 403, 'forbidden_role');
    expect((await org.admin.http.get(accountPath(account.id))).body).toEqual(account);
  });

  it('issuing a key: 403 forbidden_role, also when the account is suspended (permission before state)', async () => {
    const { account } = await adminAccount();
    expectError(await memberDev.http.post(keysPath(account.id), { name: 'k' }), 403, 'forbidden_role');
    expect((await org.admin.http.patch(accountPath(account.id), { is_suspended: true })).status).toBe(200);
    expectError(await memberDev.http.post(keysPath(account.id), { name: 'k' }), 403, 'forbidden_role');
    expect(await keysOf(account.id)).toHaveLength(1);
  });

  it('revoking a key: 403 forbidden_role; the key stays unrevoked and keeps working', async () => {
    const { account, key, keyRecord } = await adminAccount();
    expectError(await memberDev.http.delete(`${keysPath(account.id)}/${keyRecord.id}`), 403, 'forbidden_role');
    expect((await keysOf(account.id))[0].revoked_at).toBeNull();
    expect((await identity(key)).status).toBe(200);
  });

  it('reads stay open: the account and its keys', async () => {
    const { account, keyRecord } = await adminAccount();
    const got = await memberDev.http.get(accountPath(account.id));
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual(account);
    const keys = await memberDev.http.get(keysPath(account.id));
    expect(keys.status, keys.text).toBe(200);
    const { key: _plaintext, ...record } = keyRecord;
    expect(keys.body.data).toEqual([record]);
  });

  it('answers 404 before 403: an unknown account is not found whatever the caller', async () => {
    expectError(await memberDev.http.patch(accountPath(randomId()), { description: 'x' }), 404, 'not_found');
    expectError(await memberDev.http.delete(accountPath(randomId())), 404, 'not_found');
    expectError(await memberDev.http.post(keysPath(randomId()), { name: 'k' }), 404, 'not_found');
    expectError(await memberDev.http.delete(`${keysPath(randomId())}/${randomId()}`), 404, 'not_found');
  });
});

describe('who may still act', () => {
  it('an org admin developer does every write on an admin-role account', async () => {
    const { account, key, keyRecord } = await adminAccount();
    const patched = await org.admin.http.patch(accountPath(account.id), { description: 'by the admin' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.description).toBe('by the admin');
    const issued = await org.admin.http.post(keysPath(account.id), { name: 'second' });
    expect(issued.status, issued.text).toBe(201);
    for (const id of [keyRecord.id, issued.body.id]) {
      expect((await org.admin.http.delete(`${keysPath(account.id)}/${id}`)).status).toBe(204);
    }
    expectError(await identity(key), 401, 'invalid_credentials');
    expect((await org.admin.http.delete(accountPath(account.id))).status).toBe(204);
  });

  it('a member developer still manages member-role accounts end to end', async () => {
    const { account, keyRecord } = await createServiceAccountWithKey(memberDev.http, 'member');
    expect((await memberDev.http.patch(accountPath(account.id), { description: 'mine' })).status).toBe(200);
    expect((await memberDev.http.patch(accountPath(account.id), { is_suspended: true })).status).toBe(200);
    expect((await memberDev.http.patch(accountPath(account.id), { is_suspended: false })).status).toBe(200);
    const issued = await memberDev.http.post(keysPath(account.id), { name: 'second' });
    expect(issued.status, issued.text).toBe(201);
    for (const id of [keyRecord.id, issued.body.id]) {
      expect((await memberDev.http.delete(`${keysPath(account.id)}/${id}`)).status).toBe(204);
    }
    expect((await memberDev.http.delete(accountPath(account.id))).status).toBe(204);
  });

  it('the account role is read at each write: once an admin demotes it, the member developer may act', async () => {
    const { account } = await adminAccount();
    expectError(await memberDev.http.patch(accountPath(account.id), { description: 'x' }), 403, 'forbidden_role');
    expect((await org.admin.http.patch(accountPath(account.id), { role: 'member' })).status).toBe(200);
    const res = await memberDev.http.patch(accountPath(account.id), { description: 'x' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ role: 'member', description: 'x' });
  });
});
