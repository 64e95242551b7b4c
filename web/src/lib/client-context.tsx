import type { AtriumClient } from '@atrium/client';
import { createContext, type ReactNode, useContext } from 'react';

export type { AtriumClient };

const ClientContext = createContext<AtriumClient | null>(null);

/** The one way components reach the API: tests pass a fake here, the app passes the real client. */
export function ClientProvider({ client, children }: { client: AtriumClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useClient(): AtriumClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient must be used inside <ClientProvider>');
  return client;
}
