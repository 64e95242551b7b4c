import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Providers } from '../app/Providers.tsx';
import type { FakeClient } from './fake-client.ts';

/** Renders routes at `path` with the fake client and a fresh cache that never retries (a failure shows at once). */
export function renderRoutes(fake: FakeClient, routes: RouteObject[], path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers client={fake.client} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** One element on one route. */
export const renderWithClient = (fake: FakeClient, element: ReactElement) =>
  renderRoutes(fake, [{ path: '/', element }]);
