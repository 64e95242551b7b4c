import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { renderPage, signInOperator, userRow } from '../../../../test/fixtures.tsx';
import { ORG_ID, orgRow } from '../testing.ts';
import { NewUserPage } from './NewUserPage.tsx';

const ROLE_ID = '0190a000-0000-7000-8000-0000000000c2';
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow()));
});

const open = () =>
  renderPage(
    fake,
    '/console/organizations/:organizationId/users/new',
    `/console/organizations/${ORG_ID}/users/new`,
    <NewUserPage />,
  );
const field = (name: string) => screen.getByRole('textbox', { name });

async function fillIn(person: ReturnType<typeof userEvent.setup>) {
  await person.type(await screen.findByRole('textbox', { name: 'First name' }), 'Grace');
  await person.type(field('Last name'), 'Hopper');
  await person.type(field('Email'), 'Grace@Example.test');
}

describe('NewUserPage', () => {
  it('refuses what the API would, and shows a taken email on its field', async () => {
    signInOperator(fake, ['organizations']);
    fake.on('POST', '/v1/admin/organizations/{id}/users', fail(409, 'duplicate_email', 'This email is taken'));
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Create user' }));
    expect(field('First name')).toHaveAccessibleDescription('Give the first name.');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await fillIn(person);
    await person.click(screen.getByRole('button', { name: 'Create user' }));
    await screen.findByText('This email is taken');
    expect(field('Email')).toHaveAccessibleDescription(
      'They sign in with it; no other user may have it. This email is taken',
    );
  });

  it('creates the user and shows their one-time password once', async () => {
    signInOperator(fake, ['organizations']);
    const grace = userRow({ id: 'u-g', organization_id: ORG_ID, display_name: 'Grace Hopper' });
    fake.on('POST', '/v1/admin/organizations/{id}/users', ok({ user: grace, password: 'Temp-0123456789' }, 201));
    fake.on(
      'GET',
      '/v1/admin/organizations/{id}/users',
      ok({ data: [], has_more: false, next_cursor: null, total: 0 }),
    );
    open();
    const person = userEvent.setup();
    await fillIn(person);
    await person.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await person.click(screen.getByRole('checkbox', { name: /Developer/ }));
    await person.click(screen.getByRole('button', { name: 'Create user' }));

    const notice = await screen.findByRole('region', { name: 'Temporary password' });
    expect(within(notice).getByRole('textbox', { name: 'Temporary password' })).toHaveValue('Temp-0123456789');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/users', {
      params: { path: { id: ORG_ID } },
      body: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.test',
        role: 'admin',
        is_developer: true,
      },
    });
    expect(screen.getByRole('link', { name: 'Open Grace Hopper' })).toHaveAttribute(
      'href',
      `/console/organizations/${ORG_ID}/users/u-g`,
    );
    await person.click(screen.getByRole('button', { name: 'Create another user' }));
    expect(screen.queryByDisplayValue('Temp-0123456789')).not.toBeInTheDocument();
  });

  it('gives a system-organization member a console role, which it requires', async () => {
    signInOperator(fake);
    fake.on('GET', '/v1/admin/organizations/{id}', ok(orgRow({ is_system: true, name: 'Atrium' })));
    fake.on(
      'GET',
      '/v1/admin/console-roles',
      ok({
        data: [{ id: ROLE_ID, name: 'Sales', sections: ['sales'], user_count: 0, created_at: '', updated_at: '' }],
      }),
    );
    fake.on('POST', '/v1/admin/organizations/{id}/users', ok({ user: userRow(), password: 'Temp-0123456789' }, 201));
    open();
    const person = userEvent.setup();
    await fillIn(person);
    const consoleRole = screen.getByRole('combobox', { name: 'Console role' });
    await person.click(screen.getByRole('button', { name: 'Create user' }));
    expect(consoleRole).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await waitFor(() => expect(consoleRole).toBeEnabled());
    await person.selectOptions(consoleRole, 'Sales');
    await person.click(screen.getByRole('button', { name: 'Create user' }));
    await screen.findByRole('region', { name: 'Temporary password' });
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/users', {
      params: { path: { id: ORG_ID } },
      body: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.test',
        role: 'member',
        is_developer: false,
        console_role_id: ROLE_ID,
      },
    });
  });
});
