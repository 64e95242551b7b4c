import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/**
 * The run's Chromium (started once by browser-server.ts). Closing what this returns closes this file's contexts
 * and disconnects; the browser itself lives on for the other files.
 */
export const launchBrowser = (): Promise<Browser> => chromium.connect(inject('browserEndpoint'));

export interface Person {
  email: string;
  password: string;
}

export interface AppWindow {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page's scripts: a test ends by expecting none. */
  errors: Error[];
}

/**
 * A fresh browser profile (no cookies) on the app. `bypassCSP` lets the tests inject axe-core; the app itself
 * runs under the server's policy otherwise unchanged.
 */
export async function openApp(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<AppWindow> {
  const context = await browser.newContext({ baseURL, viewport, bypassCSP: true });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}

/** Signs in through the form, as a person does, and waits for the signed-in shell. */
export async function signIn(page: Page, person: Person, path = '/threads'): Promise<void> {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** A download's content as text (the browser runs in another process, so its file is streamed, not opened). */
export async function downloadedText(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
