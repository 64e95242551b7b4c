import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BootScreen, LoadError } from '../../components/QueryStatus.tsx';
import { signInPathFor } from './next-path.ts';
import { useSession } from './use-session.ts';
import { useSessionRenewal } from './use-session-renewal.ts';

/** Renders its children for a signed-in person, keeps the session renewed, and sends anyone else to sign in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  useSessionRenewal(session.data?.expires_at);

  if (session.isPending) return <BootScreen />;
  if (session.isError) {
    return (
      <BootScreen>
        <LoadError error={session.error} onRetry={() => session.refetch()} />
      </BootScreen>
    );
  }
  if (!session.data) return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  return children;
}
