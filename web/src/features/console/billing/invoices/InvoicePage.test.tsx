import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoice } from '../../../../test/billing-fixtures.ts';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { signInOperator } from '../../../../test/fixtures.tsx';
import { ORG, ORG_PATH, openBilling } from '../testing.tsx';

const ID = '0190a000-0000-7000-8000-0000000000c1';
const base = '/v1/admin/organizations/{id}/invoices/{invoiceId}';
const params = { params: { path: { id: ORG, invoiceId: ID } } };
let fake: FakeClient;

/** The invoice as the API's operator read of it answers. */
function serve(overrides: Record<string, unknown>) {
  const shown = invoice({ id: ID, organization_id: ORG, ...overrides });
  fake.on('GET', base, (init: CallInit) =>
    init.params?.path?.invoiceId === ID ? ok(shown) : fail(404, 'not_found', 'Invoice not found'),
  );
  return shown;
}

const DRAFT = {
  status: 'draft',
  currency: 'USD',
  fx_rate: null,
  total_minor: 4900,
  amount_paid_minor: 0,
  amount_due_minor: 4900,
  payments: [],
  issued_at: null,
  due_date: null,
};
const OPEN_UNPAID = { amount_paid_minor: 0, amount_due_minor: 17995, payments: [] };

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['billing']);
});

const open = async () => {
  openBilling(fake, `${ORG_PATH}/invoices/${ID}`);
  await screen.findByRole('heading', { level: 1, name: /^Invoice for/ });
};
const buttons = () =>
  ['Finalize', 'Void', 'Mark uncollectible', 'Add line', 'Record payment'].filter((name) =>
    screen.queryByRole('button', { name }),
  );

describe('Console invoice', () => {
  it.each([
    ['draft', DRAFT, ['Finalize', 'Void', 'Add line']],
    ['open, nothing paid', OPEN_UNPAID, ['Void', 'Mark uncollectible', 'Record payment']],
    ['open, partly paid', {}, ['Mark uncollectible', 'Record payment']],
    ['uncollectible', { status: 'uncollectible' }, ['Record payment']],
    ['paid', { status: 'paid', amount_due_minor: 0 }, []],
    ['void', { status: 'void', ...OPEN_UNPAID }, []],
  ])('offers only what a %s invoice allows', async (_, overrides, allowed) => {
    serve(overrides);
    await open();
    expect(buttons()).toEqual(allowed);
  });

  it('finalizes a draft after asking, and shows the API’s 409 when the state moved meanwhile', async () => {
    serve(DRAFT);
    fake.on('POST', `${base}/finalize`, fail(409, 'invalid_invoice_state', 'A void invoice cannot be finalized'));
    await open();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Finalize' }));
    expect(fake.api.POST).not.toHaveBeenCalled();
    await person.click(screen.getByRole('button', { name: 'Finalize' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A void invoice cannot be finalized');
    expect(fake.api.POST).toHaveBeenCalledWith(`${base}/finalize`, params);

    fake.on('POST', `${base}/finalize`, ok(invoice({ id: ID, organization_id: ORG })));
    await person.click(screen.getByRole('button', { name: 'Finalize' }));
    expect(await screen.findByRole('button', { name: 'Mark uncollectible' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalize' })).not.toBeInTheDocument();
  });

  it('adds a line to a draft in exact cents, a credit never below a zero total', async () => {
    serve(DRAFT);
    fake.on(
      'POST',
      `${base}/line-items`,
      ok(invoice({ id: ID, organization_id: ORG, ...DRAFT, total_usd_minor: 3666 }), 201),
    );
    await open();
    const person = userEvent.setup();
    const amount = screen.getByRole('textbox', { name: 'Amount (US dollars)' });
    await person.type(amount, '-50');
    await person.click(screen.getByRole('button', { name: 'Add line' }));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(/Describe the line\./);
    expect(amount).toHaveAccessibleDescription(/may not take the invoice total below zero/);
    await person.clear(amount);
    await person.type(amount, '0.00');
    await person.click(screen.getByRole('button', { name: 'Add line' }));
    expect(amount).toHaveAccessibleDescription(/A line cannot be zero\./);
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.type(screen.getByRole('textbox', { name: 'Description' }), 'Goodwill credit');
    await person.clear(amount);
    await person.type(amount, '-12.34');
    await person.click(screen.getByRole('button', { name: 'Add line' }));
    expect(await screen.findByText('Line added.')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith(`${base}/line-items`, {
      ...params,
      body: { description: 'Goodwill credit', amount_minor: -1234 },
    });
  });

  it('records a payment in the invoice’s currency, at most what is due', async () => {
    serve({});
    fake.on('POST', `${base}/payments`, ok(invoice({ id: ID, organization_id: ORG, status: 'paid' }), 201));
    await open();
    const person = userEvent.setup();
    const amount = screen.getByRole('textbox', { name: 'Amount (AED)' });
    await person.type(amount, '129.96');
    await person.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(amount).toHaveAccessibleDescription(/At most AED\s129\.95\./);
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(amount);
    await person.type(amount, '129.95');
    await person.type(screen.getByRole('textbox', { name: 'Note' }), 'Wire 2');
    await person.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(fake.api.POST).toHaveBeenCalledWith(`${base}/payments`, {
      ...params,
      body: { amount_minor: 12995, note: 'Wire 2' },
    });
    expect(await screen.findByText('Paid', { selector: '.tag' })).toBeInTheDocument();
  });

  it('voids and writes off after asking, with no body', async () => {
    serve(OPEN_UNPAID);
    fake.on(
      'POST',
      `${base}/mark-uncollectible`,
      ok(invoice({ id: ID, organization_id: ORG, status: 'uncollectible' })),
    );
    await open();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Mark uncollectible' }));
    const asked = screen.getByRole('group', { name: /Write this invoice off/ });
    await person.click(within(asked).getByRole('button', { name: 'Mark uncollectible' }));
    expect(fake.api.POST).toHaveBeenCalledWith(`${base}/mark-uncollectible`, params);
    expect(await screen.findByText('Uncollectible', { selector: '.tag' })).toBeInTheDocument();
    expect(buttons()).toEqual(['Record payment']);
  });

  it('says so when the organization has no such invoice', async () => {
    fake.on('GET', base, fail(404, 'not_found', 'Invoice not found'));
    openBilling(fake, `${ORG_PATH}/invoices/${ID}`);
    expect(await screen.findByText('The organization has no such invoice.')).toBeInTheDocument();
  });
});
