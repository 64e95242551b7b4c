import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import {
  accountKeys,
  createServiceAccount,
  deleteServiceAccount,
  getServiceAccount,
  issueApiKey,
  listApiKeys,
  listServiceAccounts,
  type NewApiKey,
  type NewServiceAccount,
  revokeApiKey,
  type ServiceAccountChanges,
  updateServiceAccount,
} from './service-accounts-api.ts';

const nextCursor = (page: { has_more: boolean; next_cursor?: string | null }) =>
  page.has_more ? (page.next_cursor ?? undefined) : undefined;

export function useServiceAccountList() {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: accountKeys.list,
    queryFn: ({ pageParam }) => listServiceAccounts(client, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}

export function useServiceAccount(id: string) {
  const client = useClient();
  return useQuery({ queryKey: accountKeys.detail(id), queryFn: () => getServiceAccount(client, id) });
}

export function useCreateServiceAccount() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewServiceAccount) => createServiceAccount(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.list }),
  });
}

/** Edits, suspends or unsuspends; the account's page and the list show the change. */
export function useUpdateServiceAccount(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ServiceAccountChanges) => updateServiceAccount(client, id, changes),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.list });
    },
  });
}

export function useDeleteServiceAccount(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteServiceAccount(client, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: accountKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: accountKeys.list });
    },
  });
}

export function useApiKeyList(id: string) {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: accountKeys.apiKeys(id),
    queryFn: ({ pageParam }) => listApiKeys(client, id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}

/** Issues a key; its plaintext lives only in this mutation's result, never in the cache. */
export function useIssueApiKey(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiKey) => issueApiKey(client, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiKeys(id) }),
  });
}

export function useRevokeApiKey(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(client, id, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiKeys(id) }),
  });
}
