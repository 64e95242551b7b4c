import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { ME, renderPage, signInOperator } from '../../../../test/fixtures.tsx';
import type { SystemUser } from '../access-api.ts';
import { OPERATOR_ROLE, roleRow, salesRole, systemUserRow } from '../testing.ts';
import { SystemUserPage } from './SystemUserPage.tsx';
import { SystemUsersPage } from './SystemUsersPage.tsx';

const sam = systemUserRow();
const path = { params: { path: { id: sam.id } } };
const roles = [roleRow(), salesRole()];
let fake: FakeClient;
let users: SystemUser[];

/** The API's PATCH: the changes applied, the role's name joined. */
function patchUser(init: CallInit) {
  const changes = init.body as Partial<SystemUser>;
  users = users.map((user) =>
    user.id === init.params?.path?.id
      ? {
          ...user,
          ...changes,
          console_role: roles.find((r) => r.id === (changes.console_role_id ?? user.console_role_id))?.name ?? null,
        }
      : user,
  );
  return ok(users.find((user) => user.id === init.params?.path?.id));
}

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake);
  users = [sam, systemUserRow({ id: ME, display_name: 'Olga Operator' })];
  fake.on('GET', '/v1/admin/console-roles', ok({ data: roles }));
  fake.on('GET', '/v1/admin/system-users', () => ok({ data: users }));
  fake.on('PATCH', '/v1/admin/system-users/{id}', patchUser);
});

const open = (id = sam.id) =>
  renderPage(fake, '/console/access/system-users/:userId', `/console/access/system-users/${id}`, <SystemUserPage />);

describe('SystemUsersPage', () => {
  it('lists the system users with their console role and status, each a link to its page', async () => {
    renderPage(fake, '/console/access/system-users', '/console/access/system-users', <SystemUsersPage />);
    const link = await screen.findByRole('link', { name: 'Sam Seller' });
    expect(link).toHaveAttribute('href', `/console/access/system-users/${sam.id}`);
    const row = link.closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Sales' })).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Olga Operator' }).closest('tr')!).getByText('You')).toBeVisible();
  });
});

describe('SystemUserPage', () => {
  it('changes the console role, and shows the API’s refusal to clear a member’s on the field', async () => {
    fake.on('PATCH', '/v1/admin/system-users/{id}', (init: CallInit) =>
      (init.body as { console_role_id: string | null }).console_role_id === null
        ? fail(400, 'validation_error', 'System organization members need a console role')
        : patchUser(init),
    );
    open();
    const person = userEvent.setup();
    const operator = 'Operator: Platform, Organizations, Sales, Operations, AI platform, Billing, Access';
    await screen.findByRole('option', { name: operator });
    const select = screen.getByRole('combobox', { name: 'Console role' });
    await person.selectOptions(select, operator);
    await person.click(screen.getByRole('button', { name: 'Save console role' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenLastCalledWith('/v1/admin/system-users/{id}', {
      ...path,
      body: { console_role_id: OPERATOR_ROLE },
    });
    expect(screen.getByText('Now: Operator')).toBeInTheDocument();

    await person.selectOptions(select, 'No console role');
    await person.click(screen.getByRole('button', { name: 'Save console role' }));
    expect(await screen.findByText('System organization members need a console role')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.PATCH).toHaveBeenLastCalledWith('/v1/admin/system-users/{id}', {
      ...path,
      body: { console_role_id: null },
    });
  });

  it('generates a password after confirming and shows it once', async () => {
    fake.on('POST', '/v1/admin/system-users/{id}/password', ok({ user: sam, password: 'Gen-3r4ted-pass' }));
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Generate a password' }));
    expect(fake.api.POST).not.toHaveBeenCalled();
    await person.click(screen.getByRole('button', { name: 'Generate now' }));

    const notice = await screen.findByRole('region', { name: 'Generated password' });
    expect(notice).toHaveTextContent('it will not be shown again');
    expect(within(notice).getByRole('textbox', { name: 'Generated password' })).toHaveValue('Gen-3r4ted-pass');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/system-users/{id}/password', { ...path, body: {} });
    expect(screen.queryByRole('button', { name: 'Generate now' })).not.toBeInTheDocument();
  });

  it('sets a typed password only when it is long enough, and shows no secret back', async () => {
    fake.on('POST', '/v1/admin/system-users/{id}/password', ok({ user: sam, password: null }));
    open();
    const person = userEvent.setup();
    const field = await screen.findByLabelText('New password');
    await person.type(field, 'too-short');
    await person.click(screen.getByRole('button', { name: 'Set password' }));
    expect(field).toHaveAccessibleDescription(
      'At least 12 characters. Give it to them by a safe channel. At least 12 characters.',
    );
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.type(field, '-but-now-long');
    await person.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password set.')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/system-users/{id}/password', {
      ...path,
      body: { password: 'too-short-but-now-long' },
    });
    expect(field).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Generated password' })).not.toBeInTheDocument();
  });

  it('suspends after confirming; offers no suspension of oneself', async () => {
    const view = open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Suspend Sam Seller' }));
    await person.click(screen.getByRole('button', { name: 'Suspend now' }));
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/system-users/{id}', {
      ...path,
      body: { is_suspended: true },
    });
    view.unmount();

    open(ME);
    expect(await screen.findByText('You cannot suspend yourself.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suspend/ })).not.toBeInTheDocument();
  });
});
