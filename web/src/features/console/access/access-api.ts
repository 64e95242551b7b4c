import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';

export type ConsoleRole = components['schemas']['ConsoleRole'];
export type SystemUser = components['schemas']['SystemUser'];
export type RoleSection = ConsoleRole['sections'][number];

export interface RoleInput {
  name: string;
  sections: RoleSection[];
}

export type SystemUserChanges = Partial<{ console_role_id: string | null; is_suspended: boolean }>;

export const accessKeys = {
  all: ['console', 'access'] as const,
  roles: ['console', 'access', 'roles'] as const,
  systemUsers: ['console', 'access', 'system-users'] as const,
};

/** Every console role, by name (the API does not page them). */
export async function listRoles(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/admin/console-roles')).data;
}

export async function createRole(client: AtriumClient, body: RoleInput) {
  return unwrap(await client.api.POST('/v1/admin/console-roles', { body }));
}

export async function updateRole(client: AtriumClient, id: string, body: Partial<RoleInput>) {
  return unwrap(await client.api.PATCH('/v1/admin/console-roles/{id}', { params: { path: { id } }, body }));
}

export async function deleteRole(client: AtriumClient, id: string) {
  unwrap(await client.api.DELETE('/v1/admin/console-roles/{id}', { params: { path: { id } } }));
}

/** The system organization's people, by email (the API does not page them). */
export async function listSystemUsers(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/admin/system-users')).data;
}

export async function updateSystemUser(client: AtriumClient, id: string, body: SystemUserChanges) {
  return unwrap(await client.api.PATCH('/v1/admin/system-users/{id}', { params: { path: { id } }, body }));
}

/** A chosen password (answered with `password: null`), or `{}` to have one generated and answered once. */
export async function setSystemUserPassword(client: AtriumClient, id: string, body: { password?: string }) {
  return unwrap(await client.api.POST('/v1/admin/system-users/{id}/password', { params: { path: { id } }, body }));
}
