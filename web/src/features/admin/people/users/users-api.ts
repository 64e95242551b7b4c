import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../../lib/client-context.tsx';

export type User = components['schemas']['User'];
export type Role = User['role'];

export interface NewUser {
  first_name: string;
  last_name: string;
  display_name?: string;
  email: string;
  role: Role;
  is_developer: boolean;
}

export type UserChanges = Partial<{
  first_name: string;
  last_name: string;
  /** null: the first and last name, as the API defaults it. */
  display_name: string | null;
  role: Role;
  is_developer: boolean;
  department_id: string | null;
}>;

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: ['admin', 'users', 'list'] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
  search: (term: string) => ['admin', 'users', 'search', term] as const,
};

/** The API's bounds of the people search (GET /v1/users/lookup). */
export const SEARCH_LIMITS = { term: 255, results: 50 } as const;

const USERS_PAGE = 50;

export async function listUsers(client: AtriumClient, cursor: string | undefined) {
  return unwrap(await client.api.GET('/v1/users', { params: { query: { limit: USERS_PAGE, cursor } } }));
}

/** Active users whose name or email contains `term`, by name: the API's only search of people. */
export async function searchUsers(client: AtriumClient, term: string) {
  const query = { search: term, limit: SEARCH_LIMITS.results };
  return unwrap(await client.api.GET('/v1/users/lookup', { params: { query } })).data;
}

export async function getUser(client: AtriumClient, userId: string) {
  return unwrap(await client.api.GET('/v1/users/{userId}', { params: { path: { userId } } }));
}

/** The new user and their one-time password: the only time the API gives it. */
export async function createUser(client: AtriumClient, body: NewUser) {
  return unwrap(await client.api.POST('/v1/users', { body }));
}

export async function updateUser(client: AtriumClient, userId: string, body: UserChanges) {
  return unwrap(await client.api.PATCH('/v1/users/{userId}', { params: { path: { userId } }, body }));
}

export async function setUserSuspended(client: AtriumClient, userId: string, suspended: boolean) {
  const init = { params: { path: { userId } } };
  return unwrap(
    suspended
      ? await client.api.POST('/v1/users/{userId}/suspend', init)
      : await client.api.POST('/v1/users/{userId}/unsuspend', init),
  );
}
