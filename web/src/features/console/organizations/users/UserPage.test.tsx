import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { signInOperator, userRow } from '../../../../test/fixtures.tsx';
import { renderRoutes } from '../../../../test/render.tsx';
import { RequireSession } from '../../../auth/index.ts';
import { ORG_ID, orgRow } from '../testing.ts';
import { UserPage } from './UserPage.tsx';

const max = userRow({ organization_id: ORG_ID });
const path = { params: { path: { id: ORG_ID, userId: max.id } } };
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['organizations']);
  fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
  fake.on('GET', '/v1/admin/organizations/{id}/users/{userId}', ok(max));
});

const open = () =>
  renderRoutes(
    fake,
    [
      {
        path: '/console/organizations/:organizationId/users/:userId',
        element: (
          <RequireSession>
            <UserPage />
          </RequireSession>
        ),
      },
      { path: '/console/organizations/:organizationId/users', element: <h1>All users</h1> },
    ],
    `/console/organizations/${ORG_ID}/users/${max.id}`,
  );

describe('UserPage', () => {
  it('sends only what changed, and shows the last-admin refusal on Role', async () => {
    fake.on('PATCH', '/v1/admin/organizations/{id}/users/{userId}', ({ body }: CallInit) =>
      ok({ ...max, ...(body as object) }),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no field changed.')).toBeInTheDocument();
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.clear(screen.getByRole('textbox', { name: 'Display name' }));
    await person.click(screen.getByRole('checkbox', { name: /Developer/ }));
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/organizations/{id}/users/{userId}', {
      ...path,
      body: { display_name: null, is_developer: true },
    });

    fake.on(
      'PATCH',
      '/v1/admin/organizations/{id}/users/{userId}',
      fail(409, 'last_active_admin', 'The organization must keep an active admin'),
    );
    await person.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(
        'Admins manage the organization and its people. The organization must keep an active admin',
      ),
    );
  });

  it('shows a system user’s console role read-only to people without the Access section', async () => {
    fake.on(
      'GET',
      '/v1/admin/organizations/{id}/users/{userId}',
      ok({ ...max, organization_is_system: true, console_role_id: '0190a000-0000-7000-8000-0000000000c2' }),
    );
    open();
    expect(await screen.findByText(/Console role: assigned/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Console role' })).not.toBeInTheDocument();
  });

  it('suspends only once confirmed, and shows the API’s refusal', async () => {
    fake.on(
      'POST',
      '/v1/admin/organizations/{id}/users/{userId}/suspend',
      fail(409, 'self_action_conflict', 'You cannot suspend yourself'),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Suspend Max Member' }));
    await person.click(screen.getByRole('button', { name: 'Suspend now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot suspend yourself');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/users/{userId}/suspend', path);
  });

  it('sets a typed password of 12 or more, and shows a generated one once', async () => {
    fake.on('POST', '/v1/admin/organizations/{id}/users/{userId}/password', ({ body }: CallInit) =>
      ok({ user: max, password: (body as { password?: string }).password ? null : 'Gen-0123456789ab' }),
    );
    open();
    const person = userEvent.setup();
    const password = await screen.findByLabelText('New password');
    await person.type(password, 'too-short');
    await person.click(screen.getByRole('button', { name: 'Set this password' }));
    expect(password).toHaveAccessibleDescription(/At least 12 characters\.$/);
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.type(password, '-now-long');
    await person.click(screen.getByRole('button', { name: 'Set this password' }));
    expect(await screen.findByText('Password set.')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/users/{userId}/password', {
      ...path,
      body: { password: 'too-short-now-long' },
    });
    expect(password).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Generated password' })).not.toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Generate a password' }));
    const notice = await screen.findByRole('region', { name: 'Generated password' });
    expect(within(notice).getByRole('textbox', { name: 'Generated password' })).toHaveValue('Gen-0123456789ab');
    expect(fake.api.POST).toHaveBeenLastCalledWith('/v1/admin/organizations/{id}/users/{userId}/password', {
      ...path,
      body: {},
    });
  });

  it('deletes only once confirmed, then goes back to the users', async () => {
    fake.on('DELETE', '/v1/admin/organizations/{id}/users/{userId}', { status: 204 });
    fake.on(
      'GET',
      '/v1/admin/organizations/{id}/users',
      ok({ data: [], has_more: false, next_cursor: null, total: 0 }),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Delete Max Member' }));
    expect(fake.api.DELETE).not.toHaveBeenCalled();
    await person.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByRole('heading', { name: 'All users' })).toBeInTheDocument();
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/admin/organizations/{id}/users/{userId}', path);
  });
});
