import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import {
  createFamily,
  createVersion,
  deleteFamily,
  deleteVersion,
  type FamilyChanges,
  type FamilyRemoval,
  familyUsage,
  getFamily,
  getVersion,
  listFamilies,
  listVersions,
  modelKeys,
  type NewFamily,
  type NewVersion,
  updateFamily,
  updateVersion,
  type VersionChanges,
} from './models-api.ts';

/** The families by name; of one provider when `providerId` is given. */
export function useFamilies(providerId: string | null) {
  const client = useClient();
  return useQuery({ queryKey: modelKeys.familyList(providerId), queryFn: () => listFamilies(client, providerId) });
}

export function useFamily(id: string) {
  const client = useClient();
  return useQuery({ queryKey: modelKeys.family(id), queryFn: () => getFamily(client, id) });
}

export function useFamilyUsage(id: string) {
  const client = useClient();
  return useQuery({ queryKey: modelKeys.usage(id), queryFn: () => familyUsage(client, id) });
}

export function useCreateFamily() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewFamily) => createFamily(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.families }),
  });
}

export function useUpdateFamily(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: FamilyChanges) => updateFamily(client, id, changes),
    onSuccess: (family) => {
      queryClient.setQueryData(modelKeys.family(id), family);
      return queryClient.invalidateQueries({ queryKey: modelKeys.families });
    },
  });
}

/**
 * Selections may move to the replacement, so its usage and the listing's `tracked` change as well: the whole
 * catalog is read again, except, once deleted, the family's own queries (they would only answer 404 now, under
 * the page that says it was deleted).
 */
export function useDeleteFamily(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (removal: FamilyRemoval) => deleteFamily(client, id, removal),
    onSuccess: (result) =>
      queryClient.invalidateQueries({
        queryKey: modelKeys.all,
        predicate: (query) => result === 'deactivated' || !query.queryKey.includes(id),
      }),
  });
}

export function useVersions(familyId: string) {
  const client = useClient();
  return useQuery({ queryKey: modelKeys.versionList(familyId), queryFn: () => listVersions(client, familyId) });
}

export function useVersion(id: string) {
  const client = useClient();
  return useQuery({ queryKey: modelKeys.version(id), queryFn: () => getVersion(client, id) });
}

/** A first version may become the family's latest; the family is read again. */
export function useCreateVersion() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewVersion) => createVersion(client, body),
    onSuccess: async (version) => {
      await queryClient.invalidateQueries({ queryKey: modelKeys.versions });
      await queryClient.invalidateQueries({ queryKey: modelKeys.family(version.familyId) });
    },
  });
}

export function useUpdateVersion(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: VersionChanges) => updateVersion(client, id, changes),
    onSuccess: (version) => {
      queryClient.setQueryData(modelKeys.version(id), version);
      return queryClient.invalidateQueries({ queryKey: modelKeys.versions });
    },
  });
}

export function useDeleteVersion() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteVersion(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelKeys.versions }),
  });
}
