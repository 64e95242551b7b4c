import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient } from '../../test/fake-client.ts';
import { page, signIn, userRow } from '../../test/fixtures.tsx';
import { renderRoutes } from '../../test/render.tsx';
import { RequireSession } from '../auth/index.ts';
import { AdminArea } from './AdminArea.tsx';
import { adminRoutes } from './index.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  fake.on('GET', '/v1/organization/departments', page([]));
});

const open = (path = '/admin') =>
  renderRoutes(
    fake,
    [
      {
        path: '/admin',
        element: (
          <RequireSession>
            <AdminArea />
          </RequireSession>
        ),
        children: adminRoutes,
      },
    ],
    path,
  );

describe('the Admin area', () => {
  it('opens People for an admin, with its sections’ navigation', async () => {
    signIn(fake, 'admin');
    fake.on('GET', '/v1/users', page([userRow()]));
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/people');
    const sections = screen.getByRole('navigation', { name: 'Admin area' });
    expect(sections).toHaveTextContent('People');
    expect(screen.getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Service accounts' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('link', { name: 'Max Member' })).toHaveAttribute(
      'href',
      `/admin/people/users/${userRow().id}`,
    );
  });

  it('tells anyone else they are not allowed, and asks the API nothing', async () => {
    signIn(fake, 'member');
    open('/admin/people/service-accounts');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin area' })).not.toBeInTheDocument();
    expect(fake.api.GET).not.toHaveBeenCalledWith('/v1/service-accounts', expect.anything());
  });

  it('pages the users with the API’s cursor on "Show more users"', async () => {
    signIn(fake, 'admin');
    const later = userRow({ id: '0190a000-0000-7000-8000-000000000003', display_name: 'Lin Later' });
    fake.on('GET', '/v1/users', ({ params }) =>
      params?.query?.cursor === 'c2' ? page([later]) : page([userRow({ is_suspended: true })], 'c2'),
    );
    open('/admin/people');
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more users' }));
    expect(await screen.findByRole('link', { name: 'Lin Later' })).toBeInTheDocument();
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/users', { params: { query: { limit: 50, cursor: 'c2' } } });
    expect(screen.queryByRole('button', { name: 'Show more users' })).not.toBeInTheDocument();
  });
});
