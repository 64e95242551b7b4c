import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import { useConsoleSections } from '../use-console-sections.ts';
import {
  type FlagChanges,
  flagKeys,
  getDefaults,
  getKnownFlags,
  getOrganizationName,
  getOverrides,
  putDefaults,
  putOverrides,
} from './flags-api.ts';

export function useDefaults() {
  const client = useClient();
  return useQuery({ queryKey: flagKeys.defaults, queryFn: () => getDefaults(client) });
}

export function useKnownFlags() {
  const client = useClient();
  return useQuery({ queryKey: flagKeys.known, queryFn: () => getKnownFlags(client) });
}

export function useOverrides(organizationId: string) {
  const client = useClient();
  return useQuery({
    queryKey: flagKeys.overrides(organizationId),
    queryFn: () => getOverrides(client, organizationId),
  });
}

/** The organization's name for the heading, when the person may read organizations; undefined otherwise. */
export function useOrganizationName(organizationId: string) {
  const client = useClient();
  const mayRead = useConsoleSections().includes('organizations');
  return useQuery({
    queryKey: flagKeys.organizationName(organizationId),
    queryFn: () => getOrganizationName(client, organizationId),
    enabled: mayRead,
  });
}

/** Every organization's effective flags follow the defaults, so all flag queries are refetched after a change. */
export function useSaveDefaults() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: FlagChanges) => putDefaults(client, changes),
    onSuccess: (flags) => {
      queryClient.setQueryData(flagKeys.defaults, flags);
      return queryClient.invalidateQueries({ queryKey: flagKeys.all });
    },
  });
}

export function useSaveOverrides(organizationId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: FlagChanges) => putOverrides(client, organizationId, changes),
    // The answer is all the organization's overrides; the known flags may resolve differently if it is ours.
    onSuccess: (flags) => {
      queryClient.setQueryData(flagKeys.overrides(organizationId), flags);
      return queryClient.invalidateQueries({ queryKey: flagKeys.known });
    },
  });
}
