import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import { sessionKey } from '../auth/index.ts';
import { changeMyPassword, getMe, meKey, type NameChanges, updateMyNames } from './profile-api.ts';

export function useMe() {
  const client = useClient();
  return useQuery({ queryKey: meKey, queryFn: () => getMe(client) });
}

/** Renames the signed-in person; the banner (the session's copy of the user) shows the new name too. */
export function useUpdateMyNames() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: NameChanges) => updateMyNames(client, changes),
    onSuccess: (me) => {
      queryClient.setQueryData(meKey, me);
      return queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export function useChangeMyPassword() {
  const client = useClient();
  return useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) => changeMyPassword(client, current, next),
  });
}
