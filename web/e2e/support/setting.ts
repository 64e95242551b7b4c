import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from '../../../test/helpers/fixtures.ts';
import { type AppWindow, launchBrowser, openApp, signIn } from './browser.ts';
import { startAppWithWeb } from './server.ts';

/** What an end-to-end file works in: the server, the browser, an organization with its admin, and a window. */
export interface E2eSetting {
  app: TestApp;
  browser: Browser;
  org: TestOrg;
  win: AppWindow;
}

/**
 * The real server on a fresh database serving the built app (with `env`), Debian's Chromium, an organization, and
 * a window on the app signed in as its admin (unless `signedIn` is false). If any part fails, what started is
 * closed again before the error is thrown.
 */
export async function startE2e(options: { env?: Record<string, string>; signedIn?: boolean } = {}) {
  const [app, browser] = await Promise.all([startAppWithWeb(options.env), launchBrowser()]);
  try {
    const org = await createOrgWithAdmin(app);
    const win = await openApp(browser, app.url);
    if (options.signedIn !== false) {
      await signIn(win.page, { email: org.admin.user.email, password: org.admin.password });
    }
    return { app, browser, org, win } satisfies E2eSetting;
  } catch (error) {
    await Promise.allSettled([browser.close(), app.close()]);
    throw error;
  }
}

/** Ends a file: no uncaught error in the window's scripts, then the browser and the server close. */
export async function stopE2e(setting: Partial<E2eSetting>): Promise<void> {
  try {
    expect(setting.win?.errors ?? []).toEqual([]);
  } finally {
    await setting.browser?.close();
    await setting.app?.close();
  }
}
