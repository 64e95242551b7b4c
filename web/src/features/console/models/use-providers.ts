import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import {
  createProvider,
  deleteProvider,
  getProvider,
  type ImportRequest,
  importVersions,
  listAvailableModels,
  listProviders,
  modelKeys,
  type NewProvider,
  type ProviderChanges,
  syncModels,
  updateProvider,
} from './models-api.ts';

export function useProviders() {
  const client = useClient();
  return useQuery({ queryKey: modelKeys.providers, queryFn: () => listProviders(client) });
}

export function useProvider(id: string) {
  const client = useClient();
  return useQuery({ queryKey: modelKeys.provider(id), queryFn: () => getProvider(client, id) });
}

export function useCreateProvider() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewProvider) => createProvider(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.providers }),
  });
}

/** A changed slug, address or key changes what the vendor lists, so the listing is fetched again too. */
export function useUpdateProvider(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProviderChanges) => updateProvider(client, id, changes),
    onSuccess: async (provider) => {
      queryClient.setQueryData(modelKeys.provider(id), provider);
      await queryClient.invalidateQueries({ queryKey: modelKeys.providers, exact: true });
      await queryClient.invalidateQueries({ queryKey: modelKeys.available(id) });
    },
  });
}

export function useDeleteProvider(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProvider(client, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: modelKeys.provider(id) });
      return queryClient.invalidateQueries({ queryKey: modelKeys.providers, exact: true });
    },
  });
}

/**
 * The vendor's models, fetched only when asked (each fetch calls the vendor). `refresh` is part of the key so
 * that "Refresh" is its own call with `refresh=1`; the page shows whichever answer came last.
 */
export function useAvailableModels(id: string, request: { nonce: number; refresh: boolean } | null) {
  const client = useClient();
  return useQuery({
    queryKey: [...modelKeys.available(id), request?.nonce ?? 0],
    queryFn: () => listAvailableModels(client, id, request?.refresh ?? false),
    enabled: request !== null,
    retry: false,
  });
}

/** Imports change the family's versions and which listing rows are tracked. */
export function useImportVersions(providerId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ familyId, body }: { familyId: string; body: ImportRequest }) =>
      importVersions(client, familyId, body),
    onSuccess: async (_versions, { familyId }) => {
      await queryClient.invalidateQueries({ queryKey: modelKeys.available(providerId) });
      await queryClient.invalidateQueries({ queryKey: modelKeys.versions });
      await queryClient.invalidateQueries({ queryKey: modelKeys.family(familyId) });
    },
  });
}

/** A sync rewrites vendor-stated fields of the provider's versions. */
export function useSyncModels(providerId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (familyIds: string[] | undefined) => syncModels(client, providerId, familyIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.versions }),
  });
}
