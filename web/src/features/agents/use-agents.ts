import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import {
  type AgentBody,
  agentKeys,
  archiveAgent,
  createAgent,
  getAgent,
  listAgents,
  listTextModels,
  runAgent,
  updateAgent,
} from './agents-api.ts';

export function useAgents() {
  const client = useClient();
  return useQuery({ queryKey: agentKeys.list, queryFn: () => listAgents(client) });
}

export function useAgent(id: string) {
  const client = useClient();
  return useQuery({ queryKey: agentKeys.detail(id), queryFn: () => getAgent(client, id) });
}

export function useTextModels() {
  const client = useClient();
  return useQuery({ queryKey: agentKeys.models, queryFn: () => listTextModels(client) });
}

export function useCreateAgent() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentBody) => createAgent(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useUpdateAgent(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentBody) => updateAgent(client, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useArchiveAgent(id: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => archiveAgent(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useRunAgent(id: string) {
  const client = useClient();
  return useMutation({ mutationFn: (prompt: string) => runAgent(client, id, prompt) });
}
