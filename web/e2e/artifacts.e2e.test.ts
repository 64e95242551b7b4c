import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { type AppWindow, downloadedText } from './support/browser.ts';
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
/** A one-page PDF in plain ASCII, so the offline model's create_file can write it. */
const PDF = [
  '%PDF-1.4',
  '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
  '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
  '4 0 obj<</Length 44>>stream',
  'BT /F1 24 Tf 20 100 Td (Sea otters) Tj ET',
  'endstream endobj',
  '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
  'trailer<</Root 1 0 R>>',
  '%%EOF',
].join('\n');
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
    expect(await downloadedText(download)).toBe(CSV);
  });

  it("shows a PDF in the browser's PDF viewer, and says so when a .pdf file is not one", async () => {
    const { page } = win;
    const threadId = await startThread(page);
    // No tool makes PDFs yet: the model writes the bytes as text files, and the page is told (its artifact list
    // answer relabelled in the browser) that they are PDFs. The bytes come from the server untouched.
    await page.route(`**/v1/threads/${threadId}/artifacts**`, async (route) => {
      const response = await route.fetch();
      const listed = await response.json();
      for (const artifact of listed.data) {
        artifact.filename = artifact.filename.replace(/\.txt$/, '.pdf');
        artifact.mime_type = 'application/pdf';
        artifact.type = 'document';
      }
      await route.fulfill({ response, json: listed });
    });
    await createFile(page, threadId, 1, 'otter-facts.txt', PDF);
    await createFile(page, threadId, 2, 'not-really.txt', 'Otters are not PDFs.');

    await page.getByRole('button', { name: 'Files (2)' }).click();
    const panel = page.getByRole('region', { name: 'Files in this thread' });
    await panel.getByRole('button', { name: 'Preview otter-facts.pdf' }).click();
    const frame = panel.locator('iframe[title="otter-facts.pdf"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    // Chromium's PDF viewer took the frame (a sandboxed frame would show its error page instead). The viewer is an
    // extension that starts slowly on a loaded machine, hence the longer wait.
    await expect
      .poll(
        () => page.frames().some((f) => f.url().startsWith('chrome-extension://') && f.url().endsWith('/index.html')),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(false);

    await panel.getByRole('button', { name: 'Preview not-really.pdf' }).click();
    await panel.getByRole('alert').getByText('not-really.pdf is not a readable PDF. Download it to open it.').waitFor();
    expect(await panel.locator('iframe[title="not-really.pdf"]').count()).toBe(0);
  });
});
