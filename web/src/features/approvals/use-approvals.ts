import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useClient } from '../../lib/client-context.tsx';
import { answerInterrupt, type InterruptAnswer, listPendingApprovals } from './approvals-api.ts';

export const approvalsKey = ['approvals'] as const;
/** How often the inbox and its count in the navigation look for new questions. */
export const APPROVALS_POLL_MS = 15_000;

/** The newest page: what the navigation counts. */
export function usePendingApprovals() {
  const client = useClient();
  return useQuery({
    queryKey: [...approvalsKey, 'newest'],
    queryFn: () => listPendingApprovals(client),
    refetchInterval: APPROVALS_POLL_MS,
  });
}

/** The inbox: the newest page, and older ones as the person asks for them (all of them re-read at each poll). */
export function useApprovalsInbox() {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: [...approvalsKey, 'inbox'],
    queryFn: ({ pageParam }) => listPendingApprovals(client, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
    refetchInterval: APPROVALS_POLL_MS,
  });
}

/** What the navigation shows beside "Approvals": "3", "100+", or null when nothing waits (or not known yet). */
export function usePendingApprovalCount(): string | null {
  const { data } = usePendingApprovals();
  if (!data || data.data.length === 0) return null;
  return data.has_more ? `${data.data.length}+` : String(data.data.length);
}

/** Asks for the pending list again now (a run just paused or went on), instead of at the next poll. */
export function useRefreshPendingApprovals(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: approvalsKey }), [queryClient]);
}

export function useAnswerInterrupt(run: { threadId: string; runId: string; interruptId: string }) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: InterruptAnswer) => answerInterrupt(client, run, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}
