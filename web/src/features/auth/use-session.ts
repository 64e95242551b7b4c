import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import { type Credentials, readSession, signIn, signOut, type WebSession } from './session-api.ts';

export const sessionKey = ['session'] as const;

/** The signed-in session (null when signed out); read once at boot, then kept by sign-in, renewal and sign-out. */
export function useSession() {
  const client = useClient();
  return useQuery({ queryKey: sessionKey, queryFn: () => readSession(client), staleTime: Number.POSITIVE_INFINITY });
}

/** The signed-in user; only under <RequireSession>, which renders nothing until there is one. */
export function useSignedInUser() {
  const { data } = useSession();
  if (!data) throw new Error('useSignedInUser must be used under <RequireSession>');
  return data.user;
}

/**
 * Forgets everything the signed-in person saw, then marks the session gone (the guard shows the sign-in page).
 * Idempotent: the client's unauthorized callback may call it for every request of a page that ran out at once.
 */
export function endSession(queryClient: QueryClient): void {
  if (queryClient.getQueryData<WebSession | null>(sessionKey) === null) return;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  queryClient.setQueryData(sessionKey, null);
}

export function useSignIn() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => signIn(client, credentials),
    onSuccess: (session) => queryClient.setQueryData(sessionKey, session),
  });
}

export function useSignOut() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOut(client),
    // Signed out locally even when the server could not be told: the page must not keep showing the account.
    onSettled: () => endSession(queryClient),
  });
}
