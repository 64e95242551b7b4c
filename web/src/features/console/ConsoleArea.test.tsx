import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../test/fake-client.ts';
import { signIn, signInOperator } from '../../test/fixtures.tsx';
import { renderRoutes } from '../../test/render.tsx';
import { RequireSession } from '../auth/index.ts';
import { ConsoleArea } from './ConsoleArea.tsx';
import { consoleRoutes } from './index.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
});

const open = (path = '/console') =>
  renderRoutes(
    fake,
    [
      {
        path: '/console',
        element: (
          <RequireSession>
            <ConsoleArea />
          </RequireSession>
        ),
        children: consoleRoutes,
      },
    ],
    path,
  );

const tabNames = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.closest('nav[aria-label="Console"]'))
    .map((link) => link.textContent);

describe('the Console', () => {
  it('shows an admin of the platform every part, in order', async () => {
    signInOperator(fake);
    fake.on('GET', '/v1/admin/organizations', ok({ data: [], has_more: false, next_cursor: null, total: 0 }));
    open();
    await screen.findByRole('navigation', { name: 'Console' });
    expect(tabNames()).toEqual([
      'Organizations',
      'Demo organizations',
      'Model catalog',
      'Feature flags',
      'Billing',
      'Access',
    ]);
  });

  it('shows a console role only its sections’ parts, and opens the first of them', async () => {
    signInOperator(fake, ['sales', 'billing']);
    const { router } = open();
    await screen.findByRole('navigation', { name: 'Console' });
    expect(tabNames()).toEqual(['Demo organizations', 'Billing']);
    await expect.poll(() => router.state.location.pathname).toBe('/console/demo-organizations');
  });

  it('refuses a part outside the person’s sections, and asks the API nothing', async () => {
    signInOperator(fake, ['sales']);
    open('/console/organizations');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText('Your console role does not include this part of the Console.')).toBeInTheDocument();
    expect(fake.api.GET).not.toHaveBeenCalledWith('/v1/admin/organizations', expect.anything());
  });

  it('refuses the whole Console to the people of an ordinary organization, admins included', async () => {
    signIn(fake, 'admin');
    open('/console/organizations');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  });
});
