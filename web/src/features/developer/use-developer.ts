import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import {
  createServiceAccount,
  developerKeys,
  issueApiKey,
  listApiKeys,
  listServiceAccounts,
  type NewServiceAccount,
  revokeApiKey,
} from './developer-api.ts';

export function useServiceAccounts() {
  const client = useClient();
  return useQuery({ queryKey: developerKeys.accounts, queryFn: () => listServiceAccounts(client) });
}

export function useCreateServiceAccount() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewServiceAccount) => createServiceAccount(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.accounts }),
  });
}

export function useApiKeys(accountId: string) {
  const client = useClient();
  return useQuery({ queryKey: developerKeys.keys(accountId), queryFn: () => listApiKeys(client, accountId) });
}

/** Issues a key; its plaintext lives only in this mutation's result, never in the cache. */
export function useIssueApiKey(accountId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => issueApiKey(client, accountId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.keys(accountId) }),
  });
}

export function useRevokeApiKey(accountId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(client, accountId, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.keys(accountId) }),
  });
}
