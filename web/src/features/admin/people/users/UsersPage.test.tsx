import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../../test/fake-client.ts';
import { page, renderPage, signIn, userRow } from '../../../../test/fixtures.tsx';
import { UsersPage } from './UsersPage.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/departments', page([]));
  fake.on('GET', '/v1/users', page([userRow({ department_id: null })]));
});

describe('UsersPage search', () => {
  it('asks the API’s people search once typing pauses, and shows its matches in place of the list', async () => {
    fake.on('GET', '/v1/users/lookup', ({ params }) =>
      ok({
        data: params?.query?.search === 'grace' ? [{ id: 'u-g', display_name: 'Grace Hopper', email: 'g@x.test' }] : [],
      }),
    );
    renderPage(fake, '/admin/people', '/admin/people', <UsersPage />);
    const person = userEvent.setup();
    await screen.findByRole('link', { name: 'Max Member' });

    await person.type(screen.getByRole('searchbox', { name: 'Search users' }), ' grace ');
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/admin/people/users/u-g',
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 active user matches “grace”.');
    expect(screen.queryByRole('link', { name: 'Max Member' })).not.toBeInTheDocument();
    const searches = fake.api.GET.mock.calls.filter(([path]) => path === '/v1/users/lookup');
    expect(searches).toEqual([['/v1/users/lookup', { params: { query: { search: 'grace', limit: 50 } } }]]);

    await person.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Max Member' })).toBeInTheDocument());
  });
});
