import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoice } from '../../../../test/billing-fixtures.ts';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { page, signInOperator } from '../../../../test/fixtures.tsx';
import { ORG, ORG_PATH, openBilling } from '../testing.tsx';

const JANUARY = invoice({ organization_id: ORG });
const DECEMBER = invoice({
  id: '0190a000-0000-7000-8000-0000000000c3',
  organization_id: ORG,
  status: 'draft',
  period_start: '2029-12-01',
  period_end: '2029-12-31',
  currency: 'USD',
  due_date: null,
});
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['billing']);
  fake.on('GET', '/v1/admin/organizations/{id}/invoices', (init: CallInit) => {
    const { status, cursor } = init.params?.query ?? {};
    if (status === 'draft') return page([DECEMBER]);
    return cursor === 'next' ? page([DECEMBER]) : page([JANUARY], 'next');
  });
});

const periods = () =>
  within(screen.getByRole('table'))
    .getAllByRole('link')
    .map((link) => link.textContent);
const dateField = (name: string) => screen.getByLabelText(name);

describe('Console invoices', () => {
  it('lists newest first with the API’s cursor pages and filters by status', async () => {
    const { router } = openBilling(fake, `${ORG_PATH}/invoices`);
    const person = userEvent.setup();
    await screen.findByRole('table', { name: 'All invoices, newest first' });
    expect(periods()).toEqual(['2030-01-01 to 2030-01-31']);
    await person.click(screen.getByRole('button', { name: 'Show more invoices' }));
    await screen.findByRole('link', { name: '2029-12-01 to 2029-12-31' });
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/admin/organizations/{id}/invoices', {
      params: { path: { id: ORG }, query: { limit: 20, cursor: 'next' } },
    });

    await person.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Draft');
    await screen.findByRole('table', { name: 'Draft invoices, newest first' });
    expect(periods()).toEqual(['2029-12-01 to 2029-12-31']);
    expect(router.state.location.search).toBe('?status=draft');
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/admin/organizations/{id}/invoices', {
      params: { path: { id: ORG }, query: { limit: 20, cursor: undefined, status: 'draft' } },
    });
  });

  it('drafts an invoice for a period checked as the API checks it, then opens it', async () => {
    fake.on('POST', '/v1/admin/organizations/{id}/invoices', ok(DECEMBER, 201));
    const { router } = openBilling(fake, `${ORG_PATH}/invoices/new`);
    const person = userEvent.setup();
    await screen.findByRole('heading', { name: 'Draft an invoice' });
    await person.click(screen.getByRole('button', { name: 'Draft invoice' }));
    expect(dateField('First day billed')).toHaveAccessibleDescription(/Give the first day billed/);
    await person.type(dateField('First day billed'), '2029-12-31');
    await person.type(dateField('Last day billed'), '2029-12-01');
    await person.click(screen.getByRole('button', { name: 'Draft invoice' }));
    expect(dateField('Last day billed')).toHaveAccessibleDescription(/must not be before the first/);
    await person.clear(dateField('First day billed'));
    await person.type(dateField('First day billed'), '2028-01-01');
    await person.click(screen.getByRole('button', { name: 'Draft invoice' }));
    expect(dateField('Last day billed')).toHaveAccessibleDescription(/at most 366 days\./);
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(dateField('First day billed'));
    await person.type(dateField('First day billed'), '2029-12-01');
    await person.clear(dateField('Last day billed'));
    await person.type(dateField('Last day billed'), '2029-12-31');
    await person.type(screen.getByRole('textbox', { name: 'Notes' }), ' PO 7 ');
    await person.click(screen.getByRole('button', { name: 'Draft invoice' }));
    await screen.findByRole('heading', { name: 'Invoice for 2029-12-01 to 2029-12-31' });
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/organizations/{id}/invoices', {
      params: { path: { id: ORG } },
      body: { period_start: '2029-12-01', period_end: '2029-12-31', notes: 'PO 7' },
    });
    expect(router.state.location.pathname).toBe(`${ORG_PATH}/invoices/${DECEMBER.id}`);
  });

  it('puts the API’s refusal of a period on its field', async () => {
    fake.on(
      'POST',
      '/v1/admin/organizations/{id}/invoices',
      fail(400, 'invalid_request', 'period_start: must be a real calendar date from 2000 on'),
    );
    openBilling(fake, `${ORG_PATH}/invoices/new`);
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText('First day billed'), '2030-01-01');
    await person.type(dateField('Last day billed'), '2030-01-31');
    await person.click(screen.getByRole('button', { name: 'Draft invoice' }));
    await screen.findByText('must be a real calendar date from 2000 on');
    expect(dateField('First day billed')).toHaveAttribute('aria-invalid', 'true');
  });
});
