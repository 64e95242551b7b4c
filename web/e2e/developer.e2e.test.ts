import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import { addUser, type TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { type AppWindow, openApp, signIn } from './support/browser.ts';
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

/** Opens a page of the banner's account menu. */
async function openFromUserMenu(page: Page, name: 'Profile' | 'Developer') {
  await page.getByRole('banner').locator('summary').click();
  await page.getByRole('banner').getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

describe('the developer page', () => {
  it('creates a service account and a key shown once, copied, working, gone after a reload, then revoked', async () => {
    const { page } = win;
    await page.goto('/threads');
    await openFromUserMenu(page, 'Developer');
    await page.getByText('No service accounts yet.').waitFor();

    await page.getByRole('textbox', { name: 'Account name' }).fill('Deploy bot');
    await page.getByRole('textbox', { name: 'Description' }).fill('Ships releases');
    await page.getByRole('button', { name: 'Create service account' }).click();
    await page.getByRole('heading', { name: 'Deploy bot' }).waitFor();

    await page.getByRole('textbox', { name: 'New key for Deploy bot' }).fill('release pipeline');
    await page.getByRole('button', { name: 'Issue key' }).click();
    const notice = page.getByRole('region', { name: 'New API key' });
    await notice.getByText('it will not be shown again').waitFor();
    const key = await notice.getByRole('textbox').inputValue();
    expect(key.length).toBeGreaterThan(20);
    await expectNoSeriousA11yViolations(page);

    await notice.getByRole('button', { name: 'Copy' }).click();
    await notice.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect((await app.http.as(key).get('/v1/agents')).status).toBe(200);

    await page.reload();
    const keys = page.getByRole('list', { name: 'API keys of Deploy bot' });
    await keys.getByText('release pipeline').waitFor();
    expect(await page.getByRole('region', { name: 'New API key' }).count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    await keys.getByRole('button', { name: 'Revoke release pipeline' }).click();
    await keys.getByText('Revoked').waitFor();
    expect((await app.http.as(key).get('/v1/agents')).status).toBe(401);
  });

  it('shows the API’s refusal to a member who is not a developer', async () => {
    const member = await addUser(app, org.admin.http);
    const other = await openApp(browser, app.url);
    await signIn(other.page, { email: member.user.email, password: member.password }, '/developer');
    await other.page.getByRole('heading', { name: 'Developer', level: 1 }).waitFor();
    expect(await other.page.getByRole('alert').textContent()).toContain('This requires developer access');
    expect(await other.page.getByRole('button', { name: 'Create service account' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(other.page);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});

describe('the profile page', () => {
  it('renames the signed-in person everywhere and refuses a wrong current password', async () => {
    const { page } = win;
    await page.goto('/threads');
    await openFromUserMenu(page, 'Profile');
    expect(await page.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Ada');

    await page.getByRole('textbox', { name: 'Display name' }).fill('');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Display name cannot be blank.').waitFor();

    await page.getByRole('textbox', { name: 'First name' }).fill('Adaline');
    await page.getByRole('textbox', { name: 'Display name' }).fill('  Adaline Admin ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name is saved.').waitFor();
    await expect.poll(() => page.getByRole('banner').locator('summary').textContent()).toContain('Adaline Admin');
    expect((await org.admin.http.get('/v1/users/me')).body).toMatchObject({
      first_name: 'Adaline',
      last_name: 'Admin',
      display_name: 'Adaline Admin',
    });
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('a-brand-new-passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('The current password is wrong');
  });
});
