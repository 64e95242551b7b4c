import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import {
  createAgentTrigger,
  deleteAgentTrigger,
  fireAgentTrigger,
  listAgentTriggers,
  readOrganizationTimeZone,
  type TriggerFields,
  type TriggerType,
  triggerKeys,
  updateAgentTrigger,
} from './triggers-api.ts';

export function useAgentTriggers(agentId: string) {
  const client = useClient();
  return useQuery({ queryKey: triggerKeys.ofAgent(agentId), queryFn: () => listAgentTriggers(client, agentId) });
}

export function useOrganizationTimeZone() {
  const client = useClient();
  return useQuery({ queryKey: triggerKeys.organizationTimeZone, queryFn: () => readOrganizationTimeZone(client) });
}

/** Every change to an agent's triggers ends by reloading its list (next fire times move with them). */
function useTriggerMutation<T, R>(agentId: string, call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triggerKeys.ofAgent(agentId) }),
  });
}

export function useCreateTrigger(agentId: string) {
  const client = useClient();
  return useTriggerMutation(agentId, ({ type, fields }: { type: TriggerType; fields: TriggerFields }) =>
    createAgentTrigger(client, agentId, type, fields),
  );
}

export function useUpdateTrigger(agentId: string, triggerId: string) {
  const client = useClient();
  return useTriggerMutation(agentId, (fields: TriggerFields) => updateAgentTrigger(client, agentId, triggerId, fields));
}

export function useDeleteTrigger(agentId: string, triggerId: string) {
  const client = useClient();
  return useTriggerMutation(agentId, () => deleteAgentTrigger(client, agentId, triggerId));
}

export function useFireTrigger(agentId: string, triggerId: string) {
  const client = useClient();
  return useTriggerMutation(agentId, () => fireAgentTrigger(client, agentId, triggerId));
}
