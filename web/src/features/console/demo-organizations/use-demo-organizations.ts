import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import { createDemoOrganization, demoKeys, listDemoOrganizations, type NewDemoOrganization } from './demo-api.ts';

export function useDemoOrganizations() {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: demoKeys.list,
    queryFn: ({ pageParam }) => listDemoOrganizations(client, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
  });
}

/**
 * Creates a demo with its admin; the password lives only in this mutation's result, never in the cache. A demo
 * is an organization too, so the Organizations part's lists are refetched with the demos'.
 */
export function useCreateDemoOrganization() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewDemoOrganization) => createDemoOrganization(client, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: demoKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['console', 'organizations'] }),
      ]),
  });
}
