import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import { sessionKey } from '../../auth/index.ts';
import {
  accessKeys,
  createRole,
  deleteRole,
  listRoles,
  listSystemUsers,
  type RoleInput,
  type SystemUser,
  type SystemUserChanges,
  setSystemUserPassword,
  updateRole,
  updateSystemUser,
} from './access-api.ts';

export function useRoles() {
  const client = useClient();
  return useQuery({ queryKey: accessKeys.roles, queryFn: () => listRoles(client) });
}

export function useSystemUsers() {
  const client = useClient();
  return useQuery({ queryKey: accessKeys.systemUsers, queryFn: () => listSystemUsers(client) });
}

/** A role change shows in the roles and in the system users' list (their role's name), so both are refetched. */
function useAccessWrite<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.all }),
  });
}

export function useCreateRole() {
  const client = useClient();
  return useAccessWrite((input: RoleInput) => createRole(client, input));
}

export function useUpdateRole(id: string) {
  const client = useClient();
  return useAccessWrite((changes: Partial<RoleInput>) => updateRole(client, id, changes));
}

export function useDeleteRole(id: string) {
  const client = useClient();
  return useAccessWrite(() => deleteRole(client, id));
}

/**
 * Changes a system user's console role or suspension. The roles' user counts change with it; so do the
 * signed-in person's own sections when it is their own role, hence the session is read again then.
 */
export function useUpdateSystemUser(user: SystemUser, isMe: boolean) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: SystemUserChanges) => updateSystemUser(client, user.id, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData<SystemUser[]>(accessKeys.systemUsers, (rows) =>
        rows?.map((row) => (row.id === updated.id ? updated : row)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: accessKeys.all }),
        isMe && queryClient.invalidateQueries({ queryKey: sessionKey }),
      ]);
    },
  });
}

/** Sets or generates a password; a generated one lives only in this mutation's result, never in the cache. */
export function useSetSystemUserPassword(userId: string) {
  const client = useClient();
  return useMutation({ mutationFn: (body: { password?: string }) => setSystemUserPassword(client, userId, body) });
}
