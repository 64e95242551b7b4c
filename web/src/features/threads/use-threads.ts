import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import {
  createThread,
  getThread,
  listThreads,
  type ThreadChanges,
  type ThreadFilters,
  threadKeys,
  updateThread,
} from './threads-api.ts';

/** One list of threads, a cursor page at a time (newest first). */
export function useThreadList(filters: ThreadFilters) {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: threadKeys.list(filters),
    queryFn: ({ pageParam }) => listThreads(client, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
  });
}

export function useThread(id: string) {
  const client = useClient();
  return useQuery({ queryKey: threadKeys.detail(id), queryFn: () => getThread(client, id) });
}

export function useCreateThread() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string | undefined) => createThread(client, projectId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKeys.all }),
  });
}

/** Rename, move or pin; every list and the thread itself show the change. */
export function useUpdateThread(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ThreadChanges) => updateThread(client, id, changes),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKeys.detail(id), thread);
      return queryClient.invalidateQueries({ queryKey: threadKeys.all });
    },
  });
}
