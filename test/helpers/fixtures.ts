import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { Client } from './http.ts';

export const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

export async function mintSession(app: TestApp, apiKey: string, email: string, password: string): Promise<string> {
  const res = await app.http.as(apiKey).post('/v1/auth/sessions', { email, password });
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
}

/** The bootstrap operator's session, minted with the console key (console access, all sections). */
export const operatorSession = (app: TestApp) =>
  mintSession(app, app.consoleKey, app.operator.email, app.operator.password);

export interface OrgUser {
  user: any;
  password: string;
  token: string;
  /** Client sending this user's session token. */
  http: Client;
}

export interface TestOrg {
  org: any;
  admin: OrgUser;
}

/** A new organization with one admin (a developer too) signed in through the cross-org web key. */
export async function createOrgWithAdmin(app: TestApp, name = unique('Org')): Promise<TestOrg> {
  const console = app.http.as(app.consoleKey);
  const orgRes = await console.post('/v1/admin/organizations', { name });
  expect(orgRes.status, orgRes.text).toBe(201);
  const userRes = await console.post(`/v1/admin/organizations/${orgRes.body.id}/users`, {
    firstName: 'Ada',
    lastName: 'Admin',
    email: `${unique('admin')}@example.test`,
    role: 'admin',
    isDeveloper: true,
  });
  expect(userRes.status, userRes.text).toBe(201);
  const token = await mintSession(app, app.webKey, userRes.body.user.email, userRes.body.password);
  return {
    org: orgRes.body,
    admin: { user: userRes.body.user, password: userRes.body.password, token, http: app.http.as(token) },
  };
}

/** A user created by an org admin through POST /v1/users and signed in with the web key. */
export async function addUser(
  app: TestApp,
  admin: Client,
  fields: { role?: 'admin' | 'member'; is_developer?: boolean; first_name?: string; last_name?: string } = {},
): Promise<OrgUser> {
  const res = await admin.post('/v1/users', {
    first_name: fields.first_name ?? 'Max',
    last_name: fields.last_name ?? 'Member',
    email: `${unique('user')}@example.test`,
    role: fields.role ?? 'member',
    is_developer: fields.is_developer ?? false,
  });
  expect(res.status, res.text).toBe(201);
  const token = await mintSession(app, app.webKey, res.body.user.email, res.body.password);
  return { user: res.body.user, password: res.body.password, token, http: app.http.as(token) };
}

/** A service account with one key, created by a developer of the organization. */
export async function createServiceAccountWithKey(
  developer: Client,
  role: 'admin' | 'member' = 'member',
): Promise<{ account: any; key: string; keyRecord: any }> {
  const accountRes = await developer.post('/v1/service-accounts', { name: unique('bot'), role });
  expect(accountRes.status, accountRes.text).toBe(201);
  const keyRes = await developer.post(`/v1/service-accounts/${accountRes.body.id}/api-keys`, { name: 'main' });
  expect(keyRes.status, keyRes.text).toBe(201);
  return { account: accountRes.body, key: keyRes.body.key, keyRecord: keyRes.body };
}

/** Two organizations, a member of the first, and a member-role key of it: the usual cast of an org-admin route test. */
export interface OrgAdminRouteCast {
  orgA: TestOrg;
  orgB: TestOrg;
  member: OrgUser;
  memberKey: string;
  /** The callers of orgA that an org-admin-only route refuses with 403 `forbidden`: a member, a member key, the web key. */
  notAdmins: { credential: string; code: string }[];
}

export async function orgAdminRouteCast(app: TestApp): Promise<OrgAdminRouteCast> {
  const [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  const member = await addUser(app, orgA.admin.http, { role: 'member' });
  const memberKey = (await createServiceAccountWithKey(orgA.admin.http, 'member')).key;
  const notAdmins = [member.token, memberKey, app.webKey].map((credential) => ({ credential, code: 'forbidden' }));
  return { orgA, orgB, member, memberKey, notAdmins };
}
