import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { assistantReplies, deliveredRun, sendMessage, startThread } from './support/conversation.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
});
afterAll(() => stopE2e({ app, browser, win }));

const CSV = 'animal,tool\nsea otter,stone\n"otter, river",none\n';
const DASHBOARD =
  '<h1>Otter board</h1><p id="state">static</p><script>document.getElementById("state").textContent = "ran"</script>';

/**
 * Has the offline model create a file with its create_file tool, and waits until the page shows the stored reply
 * (the `replies`-th), so the composer takes the next message.
 */
async function createFile(page: Page, threadId: string, replies: number, filename: string, content: string) {
  await sendMessage(page, `/tool create_file ${JSON.stringify({ filename, content })}`);
  await deliveredRun(org.admin.http, threadId);
  await expect.poll(() => assistantReplies(page).locator('time').count(), { timeout: 15_000 }).toBe(replies);
}

describe("a thread's files", () => {
  it('lists the files the model created, previews them safely and downloads them', async () => {
    const { page } = win;
    const threadId = await startThread(page);
    await createFile(page, threadId, 1, 'otter-tools.csv', CSV);
    await createFile(page, threadId, 2, 'otter-board.html', DASHBOARD);

    await page.getByRole('button', { name: 'Files (2)' }).click();
    const panel = page.getByRole('region', { name: 'Files in this thread' });
    await panel.getByRole('link', { name: 'otter-tools.csv' }).waitFor();

    await panel.getByRole('button', { name: 'Preview otter-tools.csv' }).click();
    const table = panel.getByRole('table', { name: 'otter-tools.csv' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['animal', 'tool']);
    expect(await table.getByRole('cell').allTextContents()).toEqual(['sea otter', 'stone', 'otter, river', 'none']);

    await panel.getByRole('button', { name: 'Preview otter-board.html' }).click();
    const frame = panel.locator('iframe[title="otter-board.html"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const board = page.frameLocator('iframe[title="otter-board.html"]');
    await board.getByRole('heading', { name: 'Otter board' }).waitFor();
    // The dashboard's own script never ran.
    expect(await board.locator('#state').textContent()).toBe('static');
    await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: 'otter-tools.csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('otter-tools.csv');
    expect(await readFile(await download.path(), 'utf8')).toBe(CSV);
  });
});
