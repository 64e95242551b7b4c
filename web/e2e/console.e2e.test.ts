import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, startFakeVendor } from '../../test/fixtures/fake-vendors.ts';
import type { TestApp } from '../../test/helpers/app.ts';
import { mintSession, unique } from '../../test/helpers/fixtures.ts';
import type { Client } from '../../test/helpers/http.ts';
import { expectAccessibleAndNarrow } from './support/axe.ts';
import { type AppWindow, signIn } from './support/browser.ts';
import { captureScreens } from './support/screenshots.ts';
import { startE2e, stopE2e } from './support/setting.ts';

const VENDOR_KEY = 'sk-e2e-console-0123456789';
/** An OpenAI-shaped listing (`created` in seconds since the epoch). */
const LISTED = [
  { id: 'gpt-e2e-2030-01-01', object: 'model', created: 1893456000, owned_by: 'system' },
  { id: 'gpt-e2e-mini-2030-01-01', object: 'model', created: 1893456000, owned_by: 'system' },
];

let app: TestApp;
let browser: Browser;
let win: AppWindow;
let vendor: FakeVendor;
let operator: Client;

beforeAll(async () => {
  [{ app, browser, win }, vendor] = await Promise.all([
    startE2e({ signedIn: false }),
    startFakeVendor('openai', { apiKey: VENDOR_KEY, models: LISTED }),
  ]);
  operator = app.http.as(app.consoleKey);
  await signIn(win.page, app.operator);
});
afterAll(async () => {
  await vendor?.close();
  await stopE2e({ app, browser, win });
});

const capture = (page: Page, name: string) =>
  captureScreens(page, name, () => page.evaluate(() => document.getElementById('main')!.scrollTo(0, 0)));

describe('the platform Console', () => {
  const name = unique('Otter Works');
  let organizationId: string;

  it('an operator creates an organization with its first admin, who can then sign in', async () => {
    const { page } = win;
    await page.goto('/threads');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Console' }).click();
    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/organizations');
    const tabs = page.getByRole('navigation', { name: 'Console' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual([
      'Organizations',
      'Demo organizations',
      'Model catalog',
      'Feature flags',
      'Billing',
      'Access',
    ]);
    await expectAccessibleAndNarrow(page);
    await capture(page, 'console-organizations');

    await page.getByRole('link', { name: 'New organization' }).click();
    const organization = page.getByRole('group', { name: 'Organization' });
    await organization.getByRole('textbox', { name: 'Name' }).fill(name);
    await organization.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Berlin');
    const admin = page.getByRole('group', { name: 'First admin' });
    await admin.getByRole('textbox', { name: 'First name' }).fill('Olive');
    await admin.getByRole('textbox', { name: 'Last name' }).fill('Otter');
    const email = `${unique('olive')}@example.test`.toLowerCase();
    await admin.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('status').getByText(`${name} is ready, with Olive Otter as its admin.`).waitFor();
    const password = await page
      .getByRole('region', { name: 'Temporary password' })
      .getByRole('textbox', { name: 'Temporary password' })
      .inputValue();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await expectAccessibleAndNarrow(page);
    await capture(page, 'console-new-organization');

    // The API agrees: one live organization of that name, on the free plan, in Berlin, with its admin.
    const found = await operator.get(`/v1/admin/organizations?search=${encodeURIComponent(name)}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({ name, primary_timezone: 'Europe/Berlin', plan_slug: 'free' });
    organizationId = found.body.data[0].id;
    const users = await operator.get(`/v1/admin/organizations/${organizationId}/users`);
    expect(users.body.data).toEqual([expect.objectContaining({ email, role: 'admin' })]);
    // The password shown once is the admin's: they sign in with it.
    expect(await mintSession(app, app.webKey, email, password)).toEqual(expect.any(String));

    await page.getByRole('link', { name: `Open ${name}` }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('navigation', { name: /./ }).getByRole('link', { name: 'Users' }).first().click();
    await page.getByRole('cell', { name: email }).waitFor();
    await expectAccessibleAndNarrow(page);
  });

  it('imports a model from the vendor’s listing into a family', async () => {
    const { page } = win;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Model catalog' }).click();
    await page.getByRole('heading', { name: 'AI providers', level: 1 }).waitFor();
    const add = page.getByRole('region', { name: 'Add a provider' });
    const providerName = unique('Otter AI');
    await add.getByRole('textbox', { name: 'Name' }).fill(providerName);
    await add.getByRole('textbox', { name: 'Slug' }).fill(unique('otter-ai').toLowerCase());
    await add.getByRole('textbox', { name: 'Base URL' }).fill(vendor.baseUrl);
    await add.getByLabel('API key').fill(VENDOR_KEY);
    await add.getByRole('button', { name: 'Add provider' }).click();
    await page.getByRole('link', { name: providerName }).waitFor();

    // A family of the provider to import into, from the Families page (which then opens it).
    await page.getByRole('navigation', { name: 'Model catalog' }).getByRole('link', { name: 'Families' }).click();
    const addFamily = page.getByRole('region', { name: 'Add a family' });
    await addFamily.getByRole('combobox', { name: 'Provider' }).selectOption({ label: providerName });
    await addFamily.getByRole('textbox', { name: 'Name' }).fill('Otter GPT');
    await addFamily.getByRole('textbox', { name: 'Slug' }).fill(unique('otter-gpt').toLowerCase());
    await addFamily.getByRole('button', { name: 'Add family' }).click();
    await page.getByRole('heading', { name: 'Otter GPT', level: 1 }).waitFor();
    const familyId = new URL(page.url()).pathname.split('/').at(-1)!;

    await page.getByRole('navigation', { name: 'Model catalog' }).getByRole('link', { name: 'Providers' }).click();
    await page.getByRole('link', { name: providerName }).click();
    await page.getByRole('heading', { name: providerName, level: 1 }).waitFor();
    const listing = page.getByRole('region', { name: "Vendor's models" });
    await listing.getByRole('button', { name: 'List available models' }).click();
    await listing.getByRole('checkbox', { name: `Import ${LISTED[0]!.id}` }).check();
    await listing.getByRole('combobox', { name: 'Into family' }).selectOption({ label: 'Otter GPT' });
    await listing.getByRole('button', { name: 'Import selected' }).click();
    await listing.getByRole('status').getByText('Imported 1 version into Otter GPT.').waitFor();
    await expectAccessibleAndNarrow(page);
    await capture(page, 'console-provider');

    const versions = await operator.get(`/v1/admin/ai-model-versions?familyId=${familyId}`);
    expect(versions.body.data.map((v: { modelId: string }) => v.modelId)).toEqual([LISTED[0]!.id]);
    // Tracked now: the listing says so, and the row can no longer be ticked.
    await listing.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => listing.getByRole('checkbox', { name: `Import ${LISTED[0]!.id}` }).count()).toBe(0);
  });

  it('credits the new organization’s wallet, in exact cents', async () => {
    const { page } = win;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'Organizations' }).click();
    await page.getByRole('searchbox', { name: 'Find an organization' }).fill(name);
    await page.getByRole('list', { name: 'Organizations found' }).getByRole('link', { name }).click();
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create wallet' }).click();
    const credit = page.getByRole('region', { name: 'Credit the wallet' });
    await credit.getByRole('textbox', { name: 'Amount (US dollars)' }).fill('1,234.56');
    await credit.getByRole('textbox', { name: 'Note' }).fill('Prepaid by wire');
    await credit.getByRole('button', { name: 'Credit wallet' }).click();
    await page.getByRole('region', { name: 'Ledger' }).getByText('Prepaid by wire').waitFor();
    await page.getByText('$1,234.56').first().waitFor();
    await expectAccessibleAndNarrow(page);
    await capture(page, 'console-wallet');

    const wallet = await operator.get(`/v1/admin/organizations/${organizationId}/wallet`);
    expect(wallet.status, wallet.text).toBe(200);
    expect(wallet.body.balance_minor).toBe(123_456);
  });

  it('every other page of the Console passes axe and fits 390 px', async () => {
    const { page } = win;
    const users = await operator.get(`/v1/admin/organizations/${organizationId}/users`);
    const me = (await operator.get('/v1/admin/system-users')).body.data[0];
    const families = (await operator.get('/v1/admin/ai-model-families')).body.data;
    const invoice = await operator.post(`/v1/admin/organizations/${organizationId}/invoices`, {
      period_start: '2030-01-01',
      period_end: '2030-01-31',
    });
    expect(invoice.status, invoice.text).toBe(201);
    const org = `/console/organizations/${organizationId}`;
    const billing = `/console/billing/organizations/${organizationId}`;
    const pages: [string, string | RegExp][] = [
      [org, name],
      [`${org}/users/${users.body.data[0].id}`, 'Olive Otter'],
      [`${org}/service-accounts`, 'Service accounts'],
      ['/console/demo-organizations', 'Demo organizations'],
      ['/console/demo-organizations/new', 'New demo organization'],
      ['/console/models/families', 'Model families'],
      [`/console/models/families/${families[0].id}`, families[0].name],
      [`/console/models/families/${families[0].id}/versions/new`, 'New version'],
      ['/console/feature-flags', 'Feature flags'],
      [`/console/feature-flags/organizations/${organizationId}`, 'Feature flags'],
      ['/console/billing', 'Plans'],
      ['/console/billing/plans/new', 'New plan'],
      [`${billing}/spend-limits`, 'Spend limits'],
      [`${billing}/invoices`, 'Invoices'],
      [`${billing}/invoices/new`, 'Draft an invoice'],
      [`${billing}/invoices/${invoice.body.id}`, /^Invoice for/],
      ['/console/access', 'Console roles'],
      ['/console/access/system-users', 'System users'],
      [`/console/access/system-users/${me.id}`, me.display_name],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expectAccessibleAndNarrow(page);
    }
  });

  it('refuses the Console to an organization’s own admin, and the API refuses them too', async () => {
    const person = await operator.post(`/v1/admin/organizations/${organizationId}/users`, {
      firstName: 'Ada',
      lastName: 'Admin',
      email: `${unique('ada')}@example.test`,
      role: 'admin',
    });
    expect(person.status, person.text).toBe(201);
    const other = await browser.newContext({ baseURL: app.url });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, { email: person.body.user.email, password: person.body.password });
      expect(
        await otherPage.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents(),
      ).not.toContain('Console');
      await otherPage.goto('/console/organizations');
      await otherPage.getByRole('heading', { name: 'Not allowed' }).waitFor();
      const status = await otherPage.evaluate(() =>
        fetch('/v1/admin/organizations', { headers: { 'X-Atrium-Web': '1' } }).then((r) => r.status),
      );
      expect(status).toBe(403);
    } finally {
      await other.close();
    }
  });
});
