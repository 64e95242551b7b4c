import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import {
  connectIntegration,
  deleteIntegration,
  type IntegrationChanges,
  integrationKeys,
  listIntegrations,
  type NewIntegration,
  testIntegration,
  updateIntegration,
} from './integrations-api.ts';

/** The organization's integrations, newest first, a cursor page at a time. */
export function useIntegrationList() {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: integrationKeys.list,
    queryFn: ({ pageParam }) => listIntegrations(client, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
  });
}

/** Every write ends with the list read again: a test or a change moves the status and `last_error`. */
function useIntegrationWrite<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list }),
  });
}

export function useConnectIntegration() {
  const client = useClient();
  return useIntegrationWrite((body: NewIntegration) => connectIntegration(client, body));
}

export function useUpdateIntegration(integrationId: string) {
  const client = useClient();
  return useIntegrationWrite((body: IntegrationChanges) => updateIntegration(client, integrationId, body));
}

export function useTestIntegration(integrationId: string) {
  const client = useClient();
  return useIntegrationWrite(() => testIntegration(client, integrationId));
}

export function useDeleteIntegration(integrationId: string) {
  const client = useClient();
  return useIntegrationWrite(() => deleteIntegration(client, integrationId));
}
