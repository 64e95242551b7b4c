import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { ME, page, renderPage, signIn, userRow } from '../../../../test/fixtures.tsx';
import { UserPage } from './UserPage.tsx';

const max = userRow();
const departments = [
  { id: 'd-sales', organization_id: 'org', parent_department_id: null, name: 'Sales', description: null },
  { id: 'd-emea', organization_id: 'org', parent_department_id: 'd-sales', name: 'EMEA', description: null },
];

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/departments', page(departments));
  fake.on('GET', '/v1/users', page([]));
});

const open = (id = max.id) =>
  renderPage(fake, '/admin/people/users/:userId', `/admin/people/users/${id}`, <UserPage />);

describe('UserPage', () => {
  it('sends only what changed: the role and a department picked by its path', async () => {
    fake.on('GET', '/v1/users/{userId}', ok(max));
    fake.on('PATCH', '/v1/users/{userId}', ({ body }: CallInit) => ok({ ...max, ...(body as object) }));
    open();
    const person = userEvent.setup();
    const department = await screen.findByRole('combobox', { name: 'Department' });
    await waitFor(() => expect(department).toBeEnabled());
    expect(screen.getByRole('option', { name: 'Sales › EMEA' })).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to save: no field changed.')).toBeInTheDocument();
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await person.selectOptions(department, 'Sales › EMEA');
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/users/{userId}', {
      params: { path: { userId: max.id } },
      body: { role: 'admin', department_id: 'd-emea' },
    });
    expect(screen.getByText(/max@example.test · Admin/)).toBeInTheDocument();
  });

  it('shows the last-admin refusal on the Role field', async () => {
    fake.on('GET', '/v1/users/{userId}', ok(userRow({ role: 'admin' })));
    fake.on('PATCH', '/v1/users/{userId}', fail(409, 'last_active_admin', 'The organization must keep an admin'));
    open();
    const person = userEvent.setup();
    await person.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'member');
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(
        'Admins manage the organization and its people. The organization must keep an admin',
      ),
    );
  });

  it('suspends only after the question is confirmed, and can be cancelled with Escape', async () => {
    fake.on('GET', '/v1/users/{userId}', ok(max));
    fake.on('POST', '/v1/users/{userId}/suspend', ok({ ...max, is_suspended: true }));
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Suspend Max Member' }));
    const confirm = screen.getByRole('button', { name: 'Suspend now' });
    expect(confirm).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Suspend now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suspend Max Member' })).toHaveFocus();
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.keyboard('{Enter}');
    await person.click(screen.getByRole('button', { name: 'Suspend now' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/users/{userId}/suspend', { params: { path: { userId: max.id } } });
  });

  it('offers no changes on the admin’s own user', async () => {
    fake.on('GET', '/v1/users/{userId}', ok(userRow({ id: ME, display_name: 'Ada Admin', role: 'admin' })));
    open(ME);
    expect(await screen.findByText(/This is you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suspend/ })).not.toBeInTheDocument();
  });
});
