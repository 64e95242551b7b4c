import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoice } from '../../../../test/billing-fixtures.ts';
import { type CallInit, createFakeClient, type FakeClient, ok } from '../../../../test/fake-client.ts';
import { page, signIn } from '../../../../test/fixtures.tsx';
import { renderRoutes } from '../../../../test/render.tsx';
import { RequireSession } from '../../../auth/index.ts';
import { InvoicePage } from './InvoicePage.tsx';
import { InvoicesPage } from './InvoicesPage.tsx';

const JANUARY = invoice();
const FEBRUARY = invoice({
  id: '0190a000-0000-7000-8000-0000000000c2',
  status: 'paid',
  period_start: '2030-02-01',
  period_end: '2030-02-28',
  currency: 'USD',
  total_minor: 4900,
  amount_due_minor: 0,
});
const DECEMBER = invoice({
  id: '0190a000-0000-7000-8000-0000000000c3',
  status: 'draft',
  period_start: '2029-12-01',
  period_end: '2029-12-31',
  due_date: null,
});
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/invoices', (init: CallInit) => {
    const { status, cursor } = init.params?.query ?? {};
    if (status === 'open') return page([JANUARY]);
    return cursor === 'next' ? page([DECEMBER]) : page([FEBRUARY, JANUARY], 'next');
  });
  fake.on('GET', '/v1/organization/invoices/{id}', ok(JANUARY));
});

const open = (path = '/admin/billing/invoices') =>
  renderRoutes(
    fake,
    [
      {
        path: '/admin/billing/invoices',
        element: (
          <RequireSession>
            <InvoicesPage />
          </RequireSession>
        ),
      },
      {
        path: '/admin/billing/invoices/:invoiceId',
        element: (
          <RequireSession>
            <InvoicePage />
          </RequireSession>
        ),
      },
    ],
    path,
  );
const periods = () =>
  within(screen.getByRole('table'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('InvoicesPage', () => {
  it('pages with the API’s cursor, filters by status in the address, and opens an invoice', async () => {
    const { router } = open();
    const person = userEvent.setup();
    await screen.findByRole('table');
    expect(periods()).toEqual(['2030-02-01 to 2030-02-28', '2030-01-01 to 2030-01-31']);
    await person.click(screen.getByRole('button', { name: 'Show more invoices' }));
    await screen.findByRole('link', { name: '2029-12-01 to 2029-12-31' });
    expect(periods()).toHaveLength(3);
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/organization/invoices', {
      params: { query: { limit: 20, cursor: 'next' } },
    });

    await person.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open');
    expect(await screen.findByRole('table', { name: 'Open invoices, newest first' })).toBeInTheDocument();
    expect(periods()).toEqual(['2030-01-01 to 2030-01-31']);
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/organization/invoices', {
      params: { query: { limit: 20, cursor: undefined, status: 'open' } },
    });
    expect(router.state.location.search).toBe('?status=open');
    expect(screen.queryByRole('button', { name: 'Show more invoices' })).toBeNull();

    await person.click(screen.getByRole('link', { name: '2030-01-01 to 2030-01-31' }));
    expect(await screen.findByRole('heading', { name: 'Invoice for 2030-01-01 to 2030-01-31' })).toBeInTheDocument();
  });

  it('shows an invoice’s totals, lines, payments and who it was billed to', async () => {
    open(`/admin/billing/invoices/${JANUARY.id}`);
    await screen.findByRole('heading', { name: 'Invoice for 2030-01-01 to 2030-01-31' });
    expect(screen.getByText('AED 179.95')).toBeInTheDocument();
    expect(screen.getByText('$49.00 at 3.6725 AED per US dollar')).toBeInTheDocument();
    expect(screen.getByText('AED 129.95')).toBeInTheDocument();
    const lines = within(screen.getByRole('region', { name: 'Lines' }));
    expect(lines.getByRole('row', { name: 'Pro plan $49.00' })).toBeInTheDocument();
    expect(lines.getByRole('row', { name: 'Total $49.00' })).toBeInTheDocument();
    const payments = within(screen.getByRole('region', { name: 'Payments' }));
    expect(payments.getByRole('cell', { name: /^AED\s50\.00$/ })).toBeInTheDocument();
    expect(payments.getByRole('cell', { name: 'Wire 1' })).toBeInTheDocument();
    const billed = within(screen.getByRole('region', { name: 'Billed to' }));
    expect(billed.getByText('Acme FZ-LLC')).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
  });
});
