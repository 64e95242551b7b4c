import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Client } from '../../../test/helpers/http.ts';
import { waitForRun } from '../../../test/helpers/runs.ts';

/** Starts a thread with "New thread" and returns its id (from the URL it opens). */
export async function startThread(page: Page): Promise<string> {
  await page.goto('/threads');
  await page.getByRole('button', { name: 'New thread' }).click();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  const id = /\/threads\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
  expect(id).toBeDefined();
  return id!;
}

const postsMessage = (method: string, url: string) =>
  method === 'POST' && /^\/v1\/threads\/[^/]+\/messages$/.test(new URL(url).pathname);

/** Types into the composer, sends with Enter and waits for the server's answer (so the run exists). */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await Promise.all([
    page.waitForResponse((response) => postsMessage(response.request().method(), response.url())),
    box.press('Enter'),
  ]);
}

/** The newest run of the thread, read over the API. */
export async function latestRunId(http: Client, threadId: string): Promise<string> {
  const res = await http.get(`/v1/threads/${threadId}/runs?limit=1`);
  expect(res.status, res.text).toBe(200);
  return res.body.data[0].id;
}

interface DeliveredRun {
  run: { id: string; status: string };
  outputMessage: { content: string };
}

/** Waits over the API until the thread's newest run is delivered; its snapshot (with `outputMessage`). */
export async function deliveredRun(http: Client, threadId: string): Promise<DeliveredRun> {
  return waitForRun(http, threadId, await latestRunId(http, threadId), undefined, 30_000);
}

export const assistantReplies = (page: Page) => page.getByRole('article', { name: 'Assistant' });

/** Whitespace-insensitive text, for comparing rendered Markdown with its source. */
export const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Waits until the last Assistant article is a stored message (it carries its time; a live reply carries its
 * status) and shows `text` (as rendered, whitespace aside).
 */
export async function expectStoredReply(page: Page, text: string): Promise<void> {
  await assistantReplies(page).last().locator('time').waitFor({ timeout: 15_000 });
  await expect
    .poll(async () => words(await assistantReplies(page).last().locator('.markdown').textContent()), {
      timeout: 15_000,
    })
    .toContain(words(text));
}

/**
 * Starts counting the Assistant articles on every change of the page (a MutationObserver, so even one frame with
 * a live and a stored reply side by side is seen); the returned function reads the most seen at once.
 */
export async function watchAssistantArticles(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const scope = window as unknown as { mostAssistantArticles: number };
    scope.mostAssistantArticles = 0;
    const count = () =>
      [...document.querySelectorAll('article[aria-labelledby]')].filter(
        (article) => document.getElementById(article.getAttribute('aria-labelledby')!)?.textContent === 'Assistant',
      ).length;
    new MutationObserver(() => {
      scope.mostAssistantArticles = Math.max(scope.mostAssistantArticles, count());
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { mostAssistantArticles: number }).mostAssistantArticles);
}

/**
 * Starts recording every text the last Assistant reply shows (a MutationObserver in the page, so each render is
 * seen however slowly the test process samples); the returned function reads the distinct texts in order.
 */
export async function recordReplyTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const scope = window as unknown as { replyTexts: string[] };
    scope.replyTexts = [];
    const lastReply = () =>
      [...document.querySelectorAll('article[aria-labelledby]')]
        .filter(
          (article) => document.getElementById(article.getAttribute('aria-labelledby')!)?.textContent === 'Assistant',
        )
        .at(-1);
    new MutationObserver(() => {
      const text = (lastReply()?.querySelector('.markdown')?.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text && text !== scope.replyTexts.at(-1)) scope.replyTexts.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { replyTexts: string[] }).replyTexts);
}
