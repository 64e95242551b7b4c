import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../../test/fixtures.tsx';
import type { ConsoleRole } from '../access-api.ts';
import { OPERATOR_ROLE, roleRow, SALES_ROLE, salesRole } from '../testing.ts';
import { ConsoleRolesPage } from './ConsoleRolesPage.tsx';

let fake: FakeClient;
let roles: ConsoleRole[];

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake);
  roles = [roleRow(), salesRole()];
  fake.on('GET', '/v1/admin/console-roles', () => ok({ data: roles }));
});

const open = () => renderPage(fake, '/console/access', '/console/access', <ConsoleRolesPage />);

describe('ConsoleRolesPage', () => {
  it('lists the roles with their sections and holders; only a role nobody holds offers Delete', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Console roles' });
    const operator = within(list).getByRole('heading', { name: 'Operator' }).closest('li')!;
    expect(within(operator).getByText('Held by 2 people.')).toBeInTheDocument();
    expect(within(operator).getAllByRole('listitem')).toHaveLength(7);
    expect(within(operator).queryByRole('button', { name: 'Delete Operator' })).not.toBeInTheDocument();
    const sales = within(list).getByRole('heading', { name: 'Sales' }).closest('li')!;
    expect(within(sales).getByText('Nobody holds it.')).toBeInTheDocument();
    expect(within(sales).getByRole('button', { name: 'Delete Sales' })).toBeInTheDocument();
  });

  it('refuses a role without a name or a section before sending, then sends the exact body', async () => {
    fake.on('POST', '/v1/admin/console-roles', (init: CallInit) => {
      const made = roleRow({ id: '0190a000-0000-7000-8000-0000000000c3', user_count: 0, ...(init.body as object) });
      roles = [...roles, made];
      return ok(made, 201);
    });
    open();
    const person = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'New console role' });
    await person.click(within(form).getByRole('button', { name: 'Create role' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Give the role a name.');
    expect(within(form).getByRole('group', { name: 'Sections' })).toHaveAccessibleDescription(
      'Choose at least one section: a role must open something.',
    );
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.type(within(form).getByRole('textbox', { name: 'Name' }), '  Finance  ');
    // Ticked out of order: the body lists the sections in the API's order.
    await person.click(within(form).getByRole('checkbox', { name: 'Billing' }));
    await person.click(within(form).getByRole('checkbox', { name: 'Organizations' }));
    expect(within(form).getByRole('checkbox', { name: 'Billing' })).toHaveAccessibleDescription(
      'Plans, wallets, credits, spend limits and invoices of organizations.',
    );
    await person.click(within(form).getByRole('button', { name: 'Create role' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Created Finance.');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/console-roles', {
      body: { name: 'Finance', sections: ['organizations', 'billing'] },
    });
    expect(await screen.findByRole('heading', { name: 'Finance' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('shows a taken name on the Name field', async () => {
    fake.on(
      'POST',
      '/v1/admin/console-roles',
      fail(409, 'duplicate_name', 'A console role with this name already exists'),
    );
    open();
    const person = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'New console role' });
    await person.type(within(form).getByRole('textbox', { name: 'Name' }), 'Sales');
    await person.click(within(form).getByRole('checkbox', { name: 'Sales' }));
    await person.click(within(form).getByRole('button', { name: 'Create role' }));
    expect(await within(form).findByText('A console role with this name already exists')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes a role in place, sending only what changed', async () => {
    fake.on('PATCH', '/v1/admin/console-roles/{id}', (init: CallInit) =>
      ok({ ...roleRow(), ...(init.body as object) }),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Change Operator' }));
    const editor = screen.getByRole('region', { name: 'Change Operator' });
    await person.click(within(editor).getByRole('button', { name: 'Save role' }));
    expect(within(editor).getByRole('status')).toHaveTextContent('Nothing to save: nothing changed.');
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.click(within(editor).getByRole('checkbox', { name: 'Operations' }));
    await person.click(within(editor).getByRole('button', { name: 'Save role' }));
    expect(await within(editor).findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/console-roles/{id}', {
      params: { path: { id: OPERATOR_ROLE } },
      body: { sections: ['platform', 'organizations', 'sales', 'ai-platform', 'billing', 'access'] },
    });
  });

  it('deletes only after confirming, and shows the API’s refusal when someone holds the role meanwhile', async () => {
    fake.on(
      'DELETE',
      '/v1/admin/console-roles/{id}',
      fail(409, 'console_role_in_use', 'Users hold this console role; give them another role first'),
    );
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Delete Sales' }));
    await person.click(screen.getByRole('button', { name: 'Delete role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Users hold this console role; give them another role first',
    );
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/admin/console-roles/{id}', {
      params: { path: { id: SALES_ROLE } },
    });
  });
});
