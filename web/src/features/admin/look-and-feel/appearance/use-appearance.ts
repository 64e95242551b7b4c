import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../../lib/client-context.tsx';
import { type AppearanceInput, appearanceKeys, getAppearance, putAppearance } from './appearance-api.ts';

export function useAppearance() {
  const client = useClient();
  return useQuery({ queryKey: appearanceKeys.appearance, queryFn: () => getAppearance(client) });
}

export function usePutAppearance() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppearanceInput) => putAppearance(client, body),
    onSuccess: (appearance) => queryClient.setQueryData(appearanceKeys.appearance, appearance),
  });
}
