import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openApp, signIn } from './support/browser.ts';
import { startAppWithWeb } from './support/server.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppWithWeb(), launchBrowser()]);
  org = await createOrgWithAdmin(app);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const person = () => ({ email: org.admin.user.email as string, password: org.admin.password });

describe('signing in and out', () => {
  it('shows the refusal of a wrong password in an alert, then signs in and opens the page asked for', async () => {
    const { page, context, errors } = await openApp(browser, app.url);
    await page.goto('/approvals');
    await expect.poll(() => page.url()).toContain('/sign-in?next=%2Fapprovals');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('textbox', { name: 'Email' }).fill(person().email);
    await page.getByLabel('Password').fill('not-the-password-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/invalid/i);

    await page.getByLabel('Password').fill(person().password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/approvals');
    expect(await page.getByRole('banner').textContent()).toContain(org.admin.user.display_name);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Threads', 'Projects', 'Approvals', 'Agents']) {
      expect(await nav.getByRole('link', { name, exact: true }).count()).toBe(1);
    }

    // The session is a cookie the page cannot read, and no body ever carried the token.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'atrium_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a person whose organization is suspended so, after the right password', async () => {
    const suspended = await createOrgWithAdmin(app);
    const res = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${suspended.org.id}/suspend`, {});
    expect(res.status, res.text).toBe(200);
    const { page, context } = await openApp(browser, app.url);
    await page.goto('/sign-in');
    await page.getByRole('textbox', { name: 'Email' }).fill(suspended.admin.user.email);
    await page.getByLabel('Password').fill(suspended.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('suspended');
    await context.close();
  });

  it('works with the keyboard alone: sign in, skip to the page, start a thread and send a message', async () => {
    const { page, context, errors } = await openApp(browser, app.url);
    await page.goto('/sign-in');
    // The page is a lazy route: keys pressed before its form exists would go nowhere.
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await page.keyboard.type(person().email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(person().password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Threads', level: 1 }).waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('New thread');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: 'You' }).getByText('Typed without a mouse').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out: back to the sign-in page, and the old session cookie is refused from then on', async () => {
    const { page, context, errors } = await openApp(browser, app.url);
    await signIn(page, person());
    const session = (await context.cookies()).find((c) => c.name === 'atrium_session');
    expect(session).toBeDefined();
    const replay = () =>
      fetch(`${app.url}/v1/users/me`, {
        headers: { cookie: `atrium_session=${session!.value}`, 'x-atrium-web': '1' },
      });
    expect((await replay()).status).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect((await replay()).status).toBe(401);

    // A page of the app opened afterwards asks to sign in again.
    await page.goto('/threads');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
