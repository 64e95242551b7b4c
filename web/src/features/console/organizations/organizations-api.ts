import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';

export type AdminOrganization = components['schemas']['AdminOrganization'];
export type OrgUser = components['schemas']['User'];
export type OrgServiceAccount = components['schemas']['ServiceAccount'];
export type ConsoleRole = components['schemas']['ConsoleRole'];
export type Role = OrgUser['role'];

/** Which organizations the list shows: the API's `is_deleted` (live by default) and `is_system` filters. */
export type OrganizationFilter = 'live' | 'deleted' | 'system';

export interface OrganizationProfile {
  name: string;
  industry?: string | null;
  primary_language?: string;
  primary_timezone?: string;
}
export type OrganizationChanges = Partial<OrganizationProfile>;

export interface NewOrgUser {
  first_name: string;
  last_name: string;
  display_name?: string;
  email: string;
  role: Role;
  is_developer?: boolean;
  console_role_id?: string;
}

export type OrgUserChanges = Partial<{
  first_name: string;
  last_name: string;
  /** null: the first and last name, as the API defaults it. */
  display_name: string | null;
  role: Role;
  is_developer: boolean;
  console_role_id: string | null;
}>;

const root = ['console', 'organizations'] as const;
export const organizationKeys = {
  all: root,
  list: [...root, 'list'] as const,
  listOf: (search: string, filter: OrganizationFilter) => [...root, 'list', { search, filter }] as const,
  /** The Console's organization picker (OrganizationPicker.tsx) lists them under this key. */
  pick: [...root, 'pick'] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  users: (id: string) => [...root, 'detail', id, 'users'] as const,
  user: (id: string, userId: string) => [...root, 'detail', id, 'users', userId] as const,
  serviceAccounts: (id: string) => [...root, 'detail', id, 'service-accounts'] as const,
  consoleRoles: [...root, 'console-roles'] as const,
};

const PAGE = 50;
const FILTER_QUERY = {
  live: {},
  deleted: { is_deleted: 'true' },
  system: { is_system: 'true' },
} as const satisfies Record<OrganizationFilter, object>;

export async function listOrganizations(
  client: AtriumClient,
  search: string,
  filter: OrganizationFilter,
  cursor: string | undefined,
) {
  const query = { search: search || undefined, ...FILTER_QUERY[filter], limit: PAGE, cursor };
  return unwrap(await client.api.GET('/v1/admin/organizations', { params: { query } }));
}

const byId = (id: string) => ({ params: { path: { id } } });

export async function getOrganization(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/admin/organizations/{id}', byId(id)));
}

export async function createOrganization(client: AtriumClient, body: OrganizationProfile) {
  return unwrap(await client.api.POST('/v1/admin/organizations', { body }));
}

export async function updateOrganization(client: AtriumClient, id: string, body: OrganizationChanges) {
  return unwrap(await client.api.PATCH('/v1/admin/organizations/{id}', { ...byId(id), body }));
}

/** The organization's state moves (see SPEC.md "States"): each answers the organization as it now is. */
export type OrganizationMove = 'suspend' | 'unsuspend' | 'delete' | 'restore';

export async function moveOrganization(client: AtriumClient, id: string, move: OrganizationMove) {
  const init = byId(id);
  switch (move) {
    case 'suspend':
      return unwrap(await client.api.POST('/v1/admin/organizations/{id}/suspend', init));
    case 'unsuspend':
      return unwrap(await client.api.POST('/v1/admin/organizations/{id}/unsuspend', init));
    case 'delete':
      return unwrap(await client.api.DELETE('/v1/admin/organizations/{id}', init));
    case 'restore':
      return unwrap(await client.api.POST('/v1/admin/organizations/{id}/restore', init));
  }
}

/** All the organization's users in one answer, sorted by email (the API pages none of them). */
export async function listOrgUsers(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/admin/organizations/{id}/users', byId(id)));
}

/** The new user and their one-time password: the only time the API gives it. */
export async function createOrgUser(client: AtriumClient, id: string, body: NewOrgUser) {
  return unwrap(await client.api.POST('/v1/admin/organizations/{id}/users', { ...byId(id), body }));
}

const byUser = (id: string, userId: string) => ({ params: { path: { id, userId } } });

export async function getOrgUser(client: AtriumClient, id: string, userId: string) {
  return unwrap(await client.api.GET('/v1/admin/organizations/{id}/users/{userId}', byUser(id, userId)));
}

export async function updateOrgUser(client: AtriumClient, id: string, userId: string, body: OrgUserChanges) {
  return unwrap(await client.api.PATCH('/v1/admin/organizations/{id}/users/{userId}', { ...byUser(id, userId), body }));
}

export async function setOrgUserSuspended(client: AtriumClient, id: string, userId: string, suspended: boolean) {
  const init = byUser(id, userId);
  return unwrap(
    suspended
      ? await client.api.POST('/v1/admin/organizations/{id}/users/{userId}/suspend', init)
      : await client.api.POST('/v1/admin/organizations/{id}/users/{userId}/unsuspend', init),
  );
}

/** Sets `password`, or has the API generate one when it is undefined; only a generated one comes back. */
export async function setOrgUserPassword(client: AtriumClient, id: string, userId: string, password?: string) {
  const body = password === undefined ? {} : { password };
  return unwrap(
    await client.api.POST('/v1/admin/organizations/{id}/users/{userId}/password', { ...byUser(id, userId), body }),
  );
}

export async function deleteOrgUser(client: AtriumClient, id: string, userId: string) {
  unwrap(await client.api.DELETE('/v1/admin/organizations/{id}/users/{userId}', byUser(id, userId)));
}

export async function listOrgServiceAccounts(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/admin/organizations/{id}/service-accounts', byId(id))).data;
}

/** The console roles a system user may hold (section `access`). */
export async function listConsoleRoles(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/admin/console-roles')).data;
}
