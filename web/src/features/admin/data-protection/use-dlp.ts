import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import {
  createRule,
  type DlpDryRun,
  type DlpRuleInput,
  deleteRule,
  dlpKeys,
  getDryRun,
  listRules,
  startDryRun,
  testText,
  updateRule,
} from './dlp-api.ts';

/** How often a queued or running dry run is read again. */
export const DRY_RUN_POLL_MS = 1000;

/** Every rule of the organization, oldest first (the API caps them, so one page holds them all). */
export function useDlpRules() {
  const client = useClient();
  return useQuery({ queryKey: dlpKeys.rules, queryFn: () => listRules(client) });
}

/** Every rule write ends with the list read again. */
function useRuleWrite<T, R>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dlpKeys.rules }),
  });
}

export function useCreateRule() {
  const client = useClient();
  return useRuleWrite((body: DlpRuleInput) => createRule(client, body));
}

export function useUpdateRule(ruleId: string) {
  const client = useClient();
  return useRuleWrite((body: Partial<DlpRuleInput>) => updateRule(client, ruleId, body));
}

export function useDeleteRule(ruleId: string) {
  const client = useClient();
  return useRuleWrite(() => deleteRule(client, ruleId));
}

export function useTestText() {
  const client = useClient();
  return useMutation({ mutationFn: (body: { text: string; rules: DlpRuleInput[] }) => testText(client, body) });
}

export function useStartDryRun() {
  const client = useClient();
  return useMutation({ mutationFn: (body: { days: number; rules: DlpRuleInput[] }) => startDryRun(client, body) });
}

const live = (run: DlpDryRun | undefined) => run?.status === 'queued' || run?.status === 'running';

/** One dry run, read again every second while it is queued or running. */
export function useDryRun(dryRunId: string | null) {
  const client = useClient();
  return useQuery({
    queryKey: dlpKeys.dryRun(dryRunId ?? ''),
    queryFn: () => getDryRun(client, dryRunId as string),
    enabled: dryRunId !== null,
    refetchInterval: (query) => (live(query.state.data) ? DRY_RUN_POLL_MS : false),
  });
}
