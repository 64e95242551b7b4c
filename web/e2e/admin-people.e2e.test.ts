import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectAccessibleAndNarrow } from './support/axe.ts';
import { type AppWindow, signIn } from './support/browser.ts';
import { captureScreens } from './support/screenshots.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
  await win.context.grantPermissions(['clipboard-read', 'clipboard-write']);
});
afterAll(() => stopE2e({ app, browser, win }));

/** Screenshots from the top of the page, wherever the test left it scrolled. */
const capture = (page: Page, name: string) =>
  captureScreens(page, name, () => page.evaluate(() => document.getElementById('main')!.scrollTo(0, 0)));

/** What the page's own session may do with the API, asked from the page as the app asks. */
const statusFromPage = (page: Page, path: string) =>
  page.evaluate((url) => fetch(url, { headers: { 'X-Atrium-Web': '1' } }).then((r) => r.status), path);

describe('Admin › People', () => {
  it('an admin creates a user, who signs in with the one-time password and sees no Admin', async () => {
    const { page } = win;
    const research = await org.admin.http.post('/v1/organization/departments', { name: 'Research' });
    expect(research.status, research.text).toBe(201);

    await page.goto('/threads');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/people');
    await page.getByRole('list', { name: 'Users' }).getByRole('link', { name: 'Ada Admin' }).waitFor();
    await expectAccessibleAndNarrow(page);

    await page.getByRole('link', { name: 'New user' }).click();
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Give the first name.').waitFor();
    await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
    const email = `grace.${Date.now()}@example.test`;
    await page.getByRole('textbox', { name: 'Email' }).fill(org.admin.user.email);
    await page.getByRole('button', { name: 'Create user' }).click();
    // The API's own words, on the field they are about.
    await page.getByText('A user with this email already exists').waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await expectAccessibleAndNarrow(page);
    await page.getByRole('button', { name: 'Create user' }).click();

    const notice = page.getByRole('region', { name: 'Temporary password' });
    await notice.getByText('it will not be shown again').waitFor();
    const password = await notice.getByRole('textbox', { name: 'Temporary password' }).inputValue();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await notice.getByRole('button', { name: 'Copy' }).nth(1).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await expectAccessibleAndNarrow(page);
    await capture(page, 'admin-new-user');

    await page.getByRole('link', { name: 'Open Grace Hopper' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    expect(await page.content()).not.toContain(password);
    await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Research' });
    await page.getByRole('checkbox', { name: /Developer/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const grace = (await org.admin.http.get('/v1/users')).body.data.find((u: { email: string }) => u.email === email);
    expect(grace).toMatchObject({ department_id: research.body.id, is_developer: true, role: 'member' });
    await expectAccessibleAndNarrow(page);
    await capture(page, 'admin-user');

    await page.goto('/admin/people');
    await page.getByRole('link', { name: 'Grace Hopper' }).waitFor();
    await capture(page, 'admin-users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('hopp');
    await page.getByRole('list', { name: 'Matching users' }).getByRole('link', { name: 'Grace Hopper' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ada Admin' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, { email, password });
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Agents' }).waitFor();
    expect(await main.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto('/admin/people');
    await page.getByRole('heading', { name: 'Not allowed', level: 1 }).waitFor();
    await expectAccessibleAndNarrow(page);
    // The page is a courtesy; the API is the guard.
    expect(await statusFromPage(page, '/v1/users')).toBe(403);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, { email: org.admin.user.email, password: org.admin.password });
  });

  it('suspends a user after confirming, and their sign-in is refused', async () => {
    const { page } = win;
    const created = await org.admin.http.post('/v1/users', {
      first_name: 'Sam',
      last_name: 'Suspended',
      email: `sam.${Date.now()}@example.test`,
    });
    expect(created.status, created.text).toBe(201);
    await page.goto(`/admin/people/users/${created.body.user.id}`);
    await page.getByRole('button', { name: 'Suspend Sam Suspended' }).click();
    await page.getByRole('button', { name: 'Suspend now' }).click();
    await page.getByRole('button', { name: 'Unsuspend' }).waitFor();
    expect((await org.admin.http.get(`/v1/users/${created.body.user.id}`)).body.is_suspended).toBe(true);
    const refused = await fetch(`${app.url}/web/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-atrium-web': '1' },
      body: JSON.stringify({ email: created.body.user.email, password: created.body.password }),
    });
    expect(refused.status).toBe(403);
  });

  it('creates a service account with a key shown once, revokes the key, then deletes the account', async () => {
    const { page } = win;
    await page.goto('/admin/people');
    await page.getByRole('navigation', { name: 'People' }).getByRole('link', { name: 'Service accounts' }).click();
    await page.getByRole('heading', { name: 'Service accounts', level: 1 }).waitFor();
    await page.getByText('No service accounts yet.').waitFor();
    await expectAccessibleAndNarrow(page);

    await page.getByRole('textbox', { name: 'Account name' }).fill('Nightly export');
    await page.getByRole('textbox', { name: 'Description' }).fill('Copies the usage report to the warehouse');
    await page.getByRole('button', { name: 'Create service account' }).click();
    await page.getByRole('link', { name: 'Nightly export' }).click();
    await page.getByRole('heading', { name: 'Nightly export', level: 1 }).waitFor();

    await page.getByRole('textbox', { name: 'Key name' }).fill('warehouse loader');
    await page.getByRole('button', { name: 'Issue key' }).click();
    const notice = page.getByRole('region', { name: 'New API key' });
    await notice.getByText('it will not be shown again').waitFor();
    const key = await notice.getByRole('textbox').inputValue();
    expect((await app.http.as(key).get('/v1/agents')).status).toBe(200);
    await expectAccessibleAndNarrow(page);
    await capture(page, 'admin-service-account');

    await page.reload();
    const keys = page.getByRole('list', { name: 'API keys of Nightly export' });
    await keys.getByText('warehouse loader').waitFor();
    expect(await page.content()).not.toContain(key);

    await page.getByRole('button', { name: 'Delete Nightly export' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('Revoke every API key of this service account before deleting it').waitFor();

    // By keyboard: the question takes the focus, Enter confirms.
    await keys.getByRole('button', { name: 'Revoke warehouse loader' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Revoke now');
    await page.keyboard.press('Enter');
    await keys.getByText('Revoked', { exact: true }).waitFor();
    expect((await app.http.as(key).get('/v1/agents')).status).toBe(401);

    // The question stays open beside the refusal; asked again, the delete goes through.
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('No service accounts yet.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/people/service-accounts');
  });
});
