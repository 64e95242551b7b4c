import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import type { ApiResponse, Client } from '../../test/helpers/http.ts';
import { insertUsage } from '../../test/helpers/invoices.ts';
import { expectAccessibleAndNarrow } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { captureScreens } from './support/screenshots.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;
let operator: Client;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
  operator = app.http.as(app.consoleKey);
});
afterAll(() => stopE2e({ app, browser, win }));

const screens = (page: Page, name: string) =>
  captureScreens(page, name, () => page.evaluate(() => document.getElementById('main')!.scrollTo(0, 0)));

/** Whole cents as the page writes US dollars (the browser's locale is en-US): 123456 → `$1,234.56`. */
const dollars = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

/** The body of an answer that must have `status`. */
async function expectStatus(res: Promise<ApiResponse>, status: number): Promise<ApiResponse['body']> {
  const answer = await res;
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}

/** As operators leave it: a wallet with enforcement and a credit, a department's limit and the organization's. */
async function seedWallet() {
  const base = `/v1/admin/organizations/${org.org.id}`;
  await expectStatus(
    operator.post(`${base}/wallet`, { enforcement_enabled: true, low_balance_threshold_minor: 1_000 }),
    201,
  );
  await expectStatus(operator.post(`${base}/wallet/credits`, { amount_minor: 250_075, note: 'Prepaid' }), 201);
  const sales = await expectStatus(org.admin.http.post('/v1/organization/departments', { name: 'Sales' }), 201);
  await expectStatus(
    operator.post(`${base}/spend-limits`, { scope: 'department', scope_id: sales.id, amount_minor: 10_000 }),
    201,
  );
  await expectStatus(operator.post(`${base}/spend-limits`, { scope: 'organization', amount_minor: 50_000 }), 201);
  const view = await expectStatus(org.admin.http.get('/v1/organization/spend-limits'), 200);
  // Usage in the limits' own month (noon UTC of its first day is inside it in any zone): $12.35 rounded half-up.
  await insertUsage(app, org.org.id, [{ at: `${view.period_start}T12:00:00Z`, microCents: 1_234_500_000n }]);
}

describe('the Billing section', () => {
  it('shows the wallet and each limit’s use as the API does', async () => {
    await seedWallet();
    const wallet = await expectStatus(org.admin.http.get('/v1/organization/wallet'), 200);
    const view = await expectStatus(org.admin.http.get('/v1/organization/spend-limits'), 200);
    const limit = view.limits.find((l: { scope: string }) => l.scope === 'organization');
    expect(limit).toMatchObject({ amount_minor: 50_000, spent_minor: 1_235, remaining_minor: 48_765 });

    const { page } = win;
    await page.goto('/admin/billing');
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    const walletSection = page.getByRole('region', { name: 'Wallet' });
    await walletSection.getByText(dollars(wallet.balance_minor)).waitFor();
    expect(wallet.balance_minor).toBe(250_075);
    await walletSection.getByText('On', { exact: true }).waitFor();

    const row = page.getByRole('row', { name: new RegExp(`^Organization \\(${org.org.name}\\)`) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 3)).toEqual([
      dollars(limit.amount_minor),
      dollars(limit.spent_minor),
      dollars(limit.remaining_minor),
    ]);
    await row.getByRole('meter', { name: `Organization (${org.org.name}): ${limit.percent_used}% used` }).waitFor();
    await page.getByRole('row', { name: /^Department Sales/ }).waitFor();
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-billing');
  });

  it('changes the plan after asking', async () => {
    const { page } = win;
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'Plan' }).click();
    await page.getByRole('heading', { name: 'Plan', level: 1 }).waitFor();
    const pro = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pro', level: 3 }) });
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Current plan' })
      .getByRole('heading', { name: 'Free' })
      .waitFor();
    await pro.getByRole('button', { name: 'Switch to Pro' }).click();
    await pro
      .getByRole('group', { name: /^Switch to Pro at/ })
      .getByRole('button', { name: 'Switch to Pro' })
      .click();
    await pro.getByText('Now on Pro.').waitFor();
    await pro.getByText('Current plan').waitFor();
    const subscription = await expectStatus(org.admin.http.get('/v1/organization/subscription'), 200);
    expect(subscription).toMatchObject({ plan_slug: 'pro', status: 'active' });
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-billing-plan');
  });

  it('creates a billing profile once a field the API would refuse is fixed', async () => {
    const { page } = win;
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'Billing profiles' }).click();
    await page.getByText('No billing profile yet', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'New billing profile' }).click();
    await page.getByRole('heading', { name: 'New billing profile', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Profile name' }).fill('Head office');
    await page.getByRole('textbox', { name: 'Legal name' }).fill('Acme Trading FZ-LLC');
    await page.getByRole('textbox', { name: 'Billing email' }).fill('Billing@Acme.Example');
    await page.getByRole('textbox', { name: 'Country' }).fill('UAE');
    await page.getByRole('textbox', { name: 'City' }).fill('Dubai');
    await page.getByRole('button', { name: 'Create billing profile' }).click();
    const country = page.getByRole('textbox', { name: 'Country' });
    await page.getByText('Give the two-letter country code, like AE or US.').waitFor();
    expect(await country.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleAndNarrow(page);
    await captureScreens(page, 'admin-billing-profile-error', () => country.scrollIntoViewIfNeeded());

    await country.fill('ae');
    await page.getByRole('button', { name: 'Create billing profile' }).click();
    await page.getByText('Created.').waitFor();
    const { data } = await expectStatus(org.admin.http.get('/v1/organization/billing-profiles'), 200);
    expect(data).toMatchObject([
      {
        name: 'Head office',
        is_default: true,
        billing_email: 'billing@acme.example',
        address_country: 'AE',
        address_city: 'Dubai',
        currency: 'AED',
        payment_terms: 'net_30',
        default_payment_method: 'wire',
      },
    ]);
    await page.getByRole('heading', { name: 'Head office', level: 1 }).waitFor();
    await expectAccessibleAndNarrow(page);
  });

  it('opens an invoice with its lines, totals and payments as the API gives them', async () => {
    const base = `/v1/admin/organizations/${org.org.id}/invoices`;
    const draft = await expectStatus(
      operator.post(base, { period_start: '2030-01-01', period_end: '2030-01-31' }),
      201,
    );
    await expectStatus(operator.post(`${base}/${draft.id}/finalize`), 200);
    await expectStatus(operator.post(`${base}/${draft.id}/payments`, { amount_minor: 5_000, note: 'Wire 1' }), 201);
    const invoice = await expectStatus(org.admin.http.get(`/v1/organization/invoices/${draft.id}`), 200);
    expect(invoice).toMatchObject({ status: 'open', currency: 'AED', fx_rate: '3.6725', amount_paid_minor: 5_000 });

    const { page } = win;
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('paid');
    await page.getByText('No paid invoices.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('open');
    await page.getByRole('link', { name: '2030-01-01 to 2030-01-31' }).click();
    await page.getByRole('heading', { name: 'Invoice for 2030-01-01 to 2030-01-31', level: 1 }).waitFor();

    const lines = page.getByRole('region', { name: 'Lines' });
    for (const line of invoice.line_items as { description: string; amount_minor: number }[]) {
      await lines.getByRole('row', { name: `${line.description} ${dollars(line.amount_minor)}` }).waitFor();
    }
    await lines.getByRole('row', { name: `Total ${dollars(invoice.total_usd_minor)}` }).waitFor();
    const aed = (minor: number) => new RegExp(`AED\\s${dollars(minor).slice(1).replace('.', '\\.')}`);
    const totals = page.locator('dl').first();
    await totals.getByText(aed(invoice.total_minor)).first().waitFor();
    await totals.getByText(aed(invoice.amount_due_minor)).first().waitFor();
    await page.getByRole('region', { name: 'Payments' }).getByRole('cell', { name: 'Wire 1' }).waitFor();
    await page.getByRole('region', { name: 'Billed to' }).getByText('Acme Trading FZ-LLC').waitFor();
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-billing-invoice');
  });
});
