import { createAtriumClient } from '@atrium/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/Providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/routes.tsx';
import { endSession } from './features/auth/index.ts';
import './app/styles/tokens.css';
import './app/styles/base.css';

const queryClient = createQueryClient();
// Web mode: same origin, the session cookie as credential, `X-Atrium-Web: 1` on every request. A 401 anywhere
// means the session ended (expired, revoked, signed out in another tab): back to the sign-in page.
const client = createAtriumClient({ web: true, onUnauthorized: () => endSession(queryClient) });
const router = createBrowserRouter(appRoutes);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers client={client} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
