import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import {
  createUser,
  getUser,
  listUsers,
  type NewUser,
  searchUsers,
  setUserSuspended,
  type User,
  type UserChanges,
  updateUser,
  userKeys,
} from './users-api.ts';

/** The organization's users, newest first, a cursor page at a time. */
export function useUserList() {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: userKeys.list,
    queryFn: ({ pageParam }) => listUsers(client, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
  });
}

/** People matching `term`; nothing is asked while it is empty. */
export function useUserSearch(term: string) {
  const client = useClient();
  return useQuery({
    queryKey: userKeys.search(term),
    queryFn: () => searchUsers(client, term),
    enabled: term !== '',
  });
}

export function useUser(userId: string) {
  const client = useClient();
  return useQuery({ queryKey: userKeys.detail(userId), queryFn: () => getUser(client, userId) });
}

/** Creates a user; the one-time password lives only in this mutation's result, never in the cache. */
export function useCreateUser() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUser) => createUser(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list }),
  });
}

function useUserWrite<T>(userId: string, write: (input: T) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(userId), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.list });
    },
  });
}

export function useUpdateUser(userId: string) {
  const client = useClient();
  return useUserWrite(userId, (changes: UserChanges) => updateUser(client, userId, changes));
}

export function useSetUserSuspended(userId: string) {
  const client = useClient();
  return useUserWrite(userId, (suspended: boolean) => setUserSuspended(client, userId, suspended));
}
