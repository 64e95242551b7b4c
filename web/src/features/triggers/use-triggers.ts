import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import {
  createTrigger,
  deleteTrigger,
  fireTrigger,
  listTriggers,
  readOrganizationTimeZone,
  type TriggerFields,
  type TriggerOwner,
  type TriggerType,
  triggerKeys,
  updateTrigger,
} from './triggers-api.ts';

export function useTriggers(owner: TriggerOwner) {
  const client = useClient();
  return useQuery({ queryKey: triggerKeys.of(owner), queryFn: () => listTriggers(client, owner) });
}

export function useOrganizationTimeZone() {
  const client = useClient();
  return useQuery({ queryKey: triggerKeys.organizationTimeZone, queryFn: () => readOrganizationTimeZone(client) });
}

/** Every change to an owner's triggers ends by reloading its list (next fire times move with them). */
function useTriggerMutation<T, R>(owner: TriggerOwner, call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triggerKeys.of(owner) }),
  });
}

export function useCreateTrigger(owner: TriggerOwner) {
  const client = useClient();
  return useTriggerMutation(owner, ({ type, fields }: { type: TriggerType; fields: TriggerFields }) =>
    createTrigger(client, owner, type, fields),
  );
}

export function useUpdateTrigger(owner: TriggerOwner, triggerId: string) {
  const client = useClient();
  return useTriggerMutation(owner, (fields: TriggerFields) => updateTrigger(client, owner, triggerId, fields));
}

export function useDeleteTrigger(owner: TriggerOwner, triggerId: string) {
  const client = useClient();
  return useTriggerMutation(owner, () => deleteTrigger(client, owner, triggerId));
}

export function useFireTrigger(owner: TriggerOwner, triggerId: string) {
  const client = useClient();
  return useTriggerMutation(owner, () => fireTrigger(client, owner, triggerId));
}
