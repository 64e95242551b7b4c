import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useClient } from '../../lib/client-context.tsx';
import { isApiError } from '../../lib/errors.ts';
import { renewSession, type WebSession } from './session-api.ts';
import { endSession, sessionKey } from './use-session.ts';

/** Renew when less than this remains before expiry, as the server's renew window allows. */
export const RENEW_BEFORE_MS = 30 * 60 * 1000;
const RETRY_MS = 60 * 1000;

/** Keeps an open tab signed in: renews the session cookie 30 minutes before `expiresAt`. */
export function useSessionRenewal(expiresAt: string | undefined): void {
  const client = useClient();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!expiresAt) return;
    let timer: ReturnType<typeof setTimeout>;
    let cancelled = false;

    const renew = async () => {
      try {
        const renewed = await renewSession(client);
        if (cancelled) return;
        queryClient.setQueryData<WebSession | null>(sessionKey, (session) =>
          session ? { ...session, expires_at: renewed } : session,
        );
      } catch (error) {
        if (cancelled) return;
        if (isApiError(error, 401) || isApiError(error, 403)) endSession(queryClient);
        else timer = setTimeout(renew, RETRY_MS);
      }
    };

    const due = Date.parse(expiresAt) - RENEW_BEFORE_MS - Date.now();
    timer = setTimeout(renew, Math.max(due, 0));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, queryClient, expiresAt]);
}
