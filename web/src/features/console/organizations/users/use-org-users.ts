import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import { useConsoleSections } from '../../use-console-sections.ts';
import {
  createOrgUser,
  deleteOrgUser,
  getOrgUser,
  listConsoleRoles,
  listOrgUsers,
  type NewOrgUser,
  type OrgUser,
  type OrgUserChanges,
  organizationKeys,
  setOrgUserPassword,
  setOrgUserSuspended,
  updateOrgUser,
} from '../organizations-api.ts';
import { invalidateOrganizationLists } from '../use-organizations.ts';

export function useOrgUsers(id: string) {
  const client = useClient();
  return useQuery({ queryKey: organizationKeys.users(id), queryFn: () => listOrgUsers(client, id) });
}

export function useOrgUser(id: string, userId: string) {
  const client = useClient();
  return useQuery({ queryKey: organizationKeys.user(id, userId), queryFn: () => getOrgUser(client, id, userId) });
}

/** Only for people holding `access`: the API refuses everyone else. */
export function useConsoleRoles(enabled: boolean) {
  const client = useClient();
  return useQuery({ queryKey: organizationKeys.consoleRoles, queryFn: () => listConsoleRoles(client), enabled });
}

/** A write to the organization's people: its user count (organization and lists) and its users list change too. */
function useUsersWrite<T, R>(id: string, write: (input: T) => Promise<R>, after?: (result: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      after?.(result);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.users(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(id), exact: true }),
        invalidateOrganizationLists(queryClient),
      ]);
    },
  });
}

/** Creates a user; the one-time password lives only in this mutation's result, never in the cache. */
export function useCreateOrgUser(id: string) {
  const client = useClient();
  return useUsersWrite(id, (body: NewOrgUser) => createOrgUser(client, id, body));
}

function useUserWrite<T>(id: string, userId: string, write: (input: T) => Promise<OrgUser>) {
  const queryClient = useQueryClient();
  return useUsersWrite(id, write, (user) => queryClient.setQueryData(organizationKeys.user(id, userId), user));
}

export function useUpdateOrgUser(id: string, userId: string) {
  const client = useClient();
  return useUserWrite(id, userId, (changes: OrgUserChanges) => updateOrgUser(client, id, userId, changes));
}

export function useSetOrgUserSuspended(id: string, userId: string) {
  const client = useClient();
  return useUserWrite(id, userId, (suspended: boolean) => setOrgUserSuspended(client, id, userId, suspended));
}

/** A generated password lives only in this mutation's result. */
export function useSetOrgUserPassword(id: string, userId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password?: string) => setOrgUserPassword(client, id, userId, password),
    onSuccess: ({ user }) => queryClient.setQueryData(organizationKeys.user(id, userId), user),
  });
}

export function useDeleteOrgUser(id: string, userId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useUsersWrite(
    id,
    () => deleteOrgUser(client, id, userId),
    () => queryClient.removeQueries({ queryKey: organizationKeys.user(id, userId) }),
  );
}

/** Whether the person may give a system-organization user a console role: the roles are the `access` section's. */
export function useMayGiveConsoleRole(organizationIsSystem: boolean) {
  const held = useConsoleSections();
  return organizationIsSystem && held.includes('access');
}
