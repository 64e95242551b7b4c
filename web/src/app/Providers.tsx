import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type AtriumClient, ClientProvider } from '../lib/client-context.tsx';

/** Everything a page needs around it: the API client and the server-state cache. */
export function Providers({
  client,
  queryClient,
  children,
}: {
  client: AtriumClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ClientProvider client={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ClientProvider>
  );
}
