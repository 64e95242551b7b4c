import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { signInOperator } from '../../../../test/fixtures.tsx';
import { limit, ORG, ORG_PATH, openBilling, wallet } from '../testing.tsx';

const SALES = '0190a000-0000-7000-8000-0000000000aa';
const DEPARTMENT = limit({
  id: '0190a000-0000-7000-8000-0000000000f8',
  scope: 'department',
  scope_id: SALES,
  label: 'Sales',
  amount_minor: 10000,
  spent_minor: 12000,
  remaining_minor: 0,
  percent_used: 120,
});
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['billing']);
  fake.on('GET', '/v1/admin/organizations/{id}/wallet', ok(wallet()));
  fake.on(
    'GET',
    '/v1/admin/organizations/{id}/spend-limits',
    ok({ period_start: '2030-01-01', period_end: '2030-01-31', limits: [limit(), DEPARTMENT] }),
  );
});

const open = () => openBilling(fake, `${ORG_PATH}/spend-limits`);
const field = (name: string) => screen.getByRole('textbox', { name });

describe('Console spend limits', () => {
  it('shows this month’s spend against each limit, with a meter', async () => {
    open();
    const table = await screen.findByRole('table');
    const row = within(within(table).getByRole('rowheader', { name: 'Organization' }).closest('tr')!);
    expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '$500.00',
      '$125.00',
      '$375.00',
      '25.0% used',
      'Change amountRemove',
    ]);
    expect(within(table).getByRole('meter', { name: 'Department Sales: 120.0% used' })).toHaveAttribute('value', '100');
    expect(screen.getByText(/not applied now/)).toBeInTheDocument();
  });

  it('adds a limit with the exact body, refusing a missing or malformed id first', async () => {
    fake.on('POST', '/v1/admin/organizations/{id}/spend-limits', ok(DEPARTMENT, 201));
    open();
    const person = userEvent.setup();
    await person.selectOptions(await screen.findByRole('combobox', { name: 'Applies to' }), 'Department');
    await person.type(field('Monthly amount (US dollars)'), '100.5');
    await person.click(screen.getByRole('button', { name: 'Add limit' }));
    expect(field('Department id')).toHaveAccessibleDescription(/Give the department’s id\./);
    await person.type(field('Department id'), 'sales');
    await person.click(screen.getByRole('button', { name: 'Add limit' }));
    expect(field('Department id')).toHaveAccessibleDescription(/Give the department’s id, a UUID\./);
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(field('Department id'));
    await person.type(field('Department id'), SALES.toUpperCase());
    await person.click(screen.getByRole('button', { name: 'Add limit' }));
    expect(await screen.findByText('Limit added.')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/spend-limits', {
      params: { path: { id: ORG } },
      body: { scope: 'department', scope_id: SALES, amount_minor: 10050 },
    });
  });

  it('sends no scope_id for the organization, and shows the API’s refusals on their fields', async () => {
    fake.on(
      'POST',
      '/v1/admin/organizations/{id}/spend-limits',
      fail(409, 'duplicate_limit', 'A spend limit for this scope and target already exists'),
    );
    open();
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: 'Monthly amount (US dollars)' }), '0');
    await person.click(screen.getByRole('button', { name: 'Add limit' }));
    await screen.findByText('A spend limit for this scope and target already exists');
    expect(screen.getByRole('combobox', { name: 'Applies to' })).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/spend-limits', {
      params: { path: { id: ORG } },
      body: { scope: 'organization', amount_minor: 0 },
    });

    fake.on(
      'POST',
      '/v1/admin/organizations/{id}/spend-limits',
      fail(400, 'invalid_request', 'scope_id: no such user in this organization'),
    );
    await person.selectOptions(screen.getByRole('combobox', { name: 'Applies to' }), 'User');
    await person.type(field('User id'), SALES);
    await person.click(screen.getByRole('button', { name: 'Add limit' }));
    await screen.findByText('no such user in this organization');
    expect(field('User id')).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes a limit’s amount and removes one after asking', async () => {
    fake.on('PATCH', '/v1/admin/organizations/{id}/spend-limits/{limitId}', ok(limit({ amount_minor: 75000 })));
    fake.on('DELETE', '/v1/admin/organizations/{id}/spend-limits/{limitId}', { status: 204 });
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Change amount of Organization' }));
    const amount = field('New monthly amount of Organization (US dollars)');
    expect(amount).toHaveValue('500.00');
    await person.clear(amount);
    await person.type(amount, '750');
    await person.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/organizations/{id}/spend-limits/{limitId}', {
      params: { path: { id: ORG, limitId: limit().id } },
      body: { amount_minor: 75000 },
    });

    await person.click(screen.getByRole('button', { name: 'Remove the limit of Department Sales' }));
    expect(fake.api.DELETE).not.toHaveBeenCalled();
    await person.click(screen.getByRole('button', { name: 'Remove limit' }));
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/admin/organizations/{id}/spend-limits/{limitId}', {
      params: { path: { id: ORG, limitId: DEPARTMENT.id } },
    });
  });
});
