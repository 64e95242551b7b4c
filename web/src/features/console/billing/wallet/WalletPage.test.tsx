import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { page, signInOperator } from '../../../../test/fixtures.tsx';
import { ledgerEntry, ORG, ORG_PATH, openBilling, wallet } from '../testing.tsx';

const path = { path: { id: ORG } };
const OLDER = ledgerEntry({
  id: '0190a000-0000-7000-8000-0000000000d8',
  kind: 'debit',
  amount_minor: -37,
  usage_event_id: '0190a000-0000-7000-8000-0000000000d7',
  note: null,
});
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['billing']);
  fake.on('GET', '/v1/admin/organizations/{id}/wallet', ok(wallet()));
  fake.on('GET', '/v1/admin/organizations/{id}/wallet/ledger', (init: CallInit) =>
    init.params?.query?.cursor === 'next' ? page([OLDER]) : page([ledgerEntry()], 'next'),
  );
});

const amount = () => screen.getByRole('textbox', { name: 'Amount (US dollars)' });

describe('Console wallet', () => {
  it('shows the balance and pages the ledger with the API’s cursor', async () => {
    openBilling(fake, ORG_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    expect(await screen.findByText('$100.00')).toBeInTheDocument();
    const ledger = within(screen.getByRole('region', { name: 'Ledger' }));
    expect(await ledger.findByRole('cell', { name: 'Wire 42' })).toBeInTheDocument();
    await userEvent.setup().click(ledger.getByRole('button', { name: 'Show more entries' }));
    expect(await ledger.findByRole('cell', { name: '-$0.37' })).toBeInTheDocument();
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/admin/organizations/{id}/wallet/ledger', {
      params: { ...path, query: { cursor: 'next' } },
    });
  });

  it('offers to create the wallet when the organization has none', async () => {
    fake.on('GET', '/v1/admin/organizations/{id}/wallet', fail(404, 'no_wallet', 'The organization has no wallet'));
    fake.on('POST', '/v1/admin/organizations/{id}/wallet', ok(wallet({ balance_minor: 0 }), 201));
    openBilling(fake, ORG_PATH);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create wallet' }));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/wallet', { params: path, body: {} });
    expect(await screen.findByRole('heading', { name: 'Credit the wallet' })).toBeInTheDocument();
    expect(screen.getByText('Balance').nextElementSibling).toHaveTextContent('$0.00');
  });

  it('credits exact cents, refusing amounts that are not dollars and cents', async () => {
    fake.on(
      'POST',
      '/v1/admin/organizations/{id}/wallet/credits',
      ok({ entry: ledgerEntry({ amount_minor: 1234 }), wallet: wallet({ balance_minor: 11234 }) }, 201),
    );
    openBilling(fake, ORG_PATH);
    const person = userEvent.setup();
    await screen.findByRole('heading', { name: 'Credit the wallet' });
    for (const [typed, said] of [
      ['12.345', 'Give an amount like 12.34.'],
      ['0', 'At least $0.01.'],
      ['-5', 'At least $0.01.'],
      ['abc', 'Give an amount like 12.34.'],
    ] as const) {
      await person.clear(amount());
      await person.type(amount(), typed);
      await person.click(screen.getByRole('button', { name: 'Credit wallet' }));
      expect(amount()).toHaveAccessibleDescription(`Like 250.00: dollars and cents. ${said}`);
    }
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(amount());
    await person.type(amount(), '12.34');
    await person.type(screen.getByRole('textbox', { name: 'Note' }), ' Wire 42 ');
    await person.click(screen.getByRole('button', { name: 'Credit wallet' }));
    expect(await screen.findByText('Credited $12.34; the balance is now $112.34.')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/wallet/credits', {
      params: path,
      body: { amount_minor: 1234, note: 'Wire 42' },
    });
    expect(amount()).toHaveValue('');
  });

  it('sends only the setting that changed, and puts the API’s refusal on its field', async () => {
    fake.on('POST', '/v1/admin/organizations/{id}/wallet', ok(wallet({ enforcement_enabled: true })));
    openBilling(fake, ORG_PATH);
    const person = userEvent.setup();
    await person.click(await screen.findByRole('checkbox', { name: 'Enforce the balance and the spend limits' }));
    await person.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/wallet', {
      params: path,
      body: { enforcement_enabled: true },
    });

    fake.on(
      'POST',
      '/v1/admin/organizations/{id}/wallet',
      fail(400, 'invalid_request', 'low_balance_threshold_minor: Too big'),
    );
    const threshold = screen.getByRole('textbox', { name: 'Low-balance threshold (US dollars)' });
    await person.clear(threshold);
    await person.type(threshold, '50');
    await person.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Too big')).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).toHaveBeenLastCalledWith('/v1/admin/organizations/{id}/wallet', {
      params: path,
      body: { low_balance_threshold_minor: 5000 },
    });
  });
});
