import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import {
  archiveWorkflow,
  createWorkflow,
  getWorkflow,
  listWorkflows,
  type RefineMessage,
  refineWorkflow,
  runWorkflow,
  updateWorkflow,
  type WorkflowBody,
  workflowKeys,
} from './workflows-api.ts';

/** The workflows the person sees: the list page and a workflow step's picker. */
export function useWorkflows() {
  const client = useClient();
  return useQuery({ queryKey: workflowKeys.list, queryFn: () => listWorkflows(client) });
}

export function useWorkflow(id: string) {
  const client = useClient();
  return useQuery({ queryKey: workflowKeys.detail(id), queryFn: () => getWorkflow(client, id) });
}

export function useCreateWorkflow() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkflowBody) => createWorkflow(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

export function useUpdateWorkflow(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkflowBody) => updateWorkflow(client, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

export function useArchiveWorkflow(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => archiveWorkflow(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

export function useRefineWorkflow(id: string) {
  const client = useClient();
  return useMutation({ mutationFn: (messages: RefineMessage[]) => refineWorkflow(client, id, messages) });
}

export function useRunWorkflow(id: string) {
  const client = useClient();
  return useMutation({ mutationFn: (input: Record<string, unknown>) => runWorkflow(client, id, input) });
}
