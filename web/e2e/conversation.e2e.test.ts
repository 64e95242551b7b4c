import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import {
  assistantReplies,
  deliveredRun,
  expectStoredReply,
  recordReplyTexts,
  sendMessage,
  startThread,
  watchAssistantArticles,
  words,
} from './support/conversation.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

beforeAll(async () => {
  // The offline model pauses between deltas, so a reply streams for a few seconds, as a real model's does.
  ({ app, browser, org, win } = await startE2e({ env: { ATRIUM_OFFLINE_DELTA_DELAY_MS: '120' } }));
});
afterAll(() => stopE2e({ app, browser, win }));

describe('the conversation', () => {
  it('streams the reply into an Assistant article as it arrives, then keeps the stored reply', async () => {
    const { page } = win;
    const threadId = await startThread(page);
    const mostReplies = await watchAssistantArticles(page);
    const replyTexts = await recordReplyTexts(page);
    await sendMessage(page, 'Tell me about sea otters and their tools');
    await page.getByRole('article', { name: 'You' }).getByText('Tell me about sea otters').waitFor();

    const { outputMessage } = await deliveredRun(org.admin.http, threadId);
    await expectStoredReply(page, outputMessage.content);
    // The reply grew in place while it streamed, and only ever extended what was shown.
    const seen = await replyTexts();
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const text of seen) expect(words(outputMessage.content).startsWith(text)).toBe(true);
    // The stored reply took the live one's place: never both at once.
    expect(await mostReplies()).toBe(1);
    expect(await assistantReplies(page).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Tell me about sea otters and their tools',
    );
    await expectNoSeriousA11yViolations(page);

    // The thread has its own address: a reload opens it again.
    await page.reload();
    await expectStoredReply(page, outputMessage.content);
    expect(await page.getByRole('article', { name: 'You' }).count()).toBe(1);
  });

  it('survives a dropped connection mid-run without losing or doubling text', async () => {
    const { page, context } = win;
    const threadId = await startThread(page);
    const mostReplies = await watchAssistantArticles(page);
    const turnRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/turn')) turnRequests.push(request.url());
    });
    await sendMessage(
      page,
      `Please repeat this long request back to me. ${'Otters hold hands while they sleep. '.repeat(8)}`,
    );
    await assistantReplies(page).last().getByText('I am Atrium').waitFor({ timeout: 15_000 });

    await context.setOffline(true);
    await page.waitForTimeout(1_500);
    await context.setOffline(false);

    const { outputMessage } = await deliveredRun(org.admin.http, threadId);
    await expectStoredReply(page, outputMessage.content);
    expect(await mostReplies()).toBe(1);
    const main = words(await page.getByRole('main').textContent());
    expect(main.split('I am Atrium').length - 1).toBe(1);
    expect(turnRequests.length).toBeGreaterThanOrEqual(2);
  });

  it('asks a clarification in the reply and goes on with the answer', async () => {
    const { page } = win;
    const threadId = await startThread(page);
    await sendMessage(page, '/tool ask_user {"prompt":"Which region should I use?","options":["EU","US"]}');
    const card = assistantReplies(page).last().getByRole('group', { name: 'Question for you' });
    await card.getByText('Which region should I use?').waitFor({ timeout: 15_000 });
    expect(await card.getByRole('textbox', { name: 'Answer' }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Send answer' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('button', { name: 'EU' }).click();
    const { run, outputMessage } = await deliveredRun(org.admin.http, threadId);
    expect(run.status).toBe('completed');
    expect(outputMessage.content).toContain('- ask_user: {"answer":"EU"}');
    // The reply's Markdown list, rendered.
    await expectStoredReply(page, 'The tools returned: ask_user: {"answer":"EU"}');
    expect(await assistantReplies(page).last().getByRole('listitem').textContent()).toBe('ask_user: {"answer":"EU"}');
  });

  it('links a file the run made by its filename, to its download', async () => {
    const { page } = win;
    const threadId = await startThread(page);
    const mostReplies = await watchAssistantArticles(page);
    await sendMessage(page, '/tool create_file {"filename":"otter-notes.txt","content":"Otters use stones."}');
    const link = page.getByRole('link', { name: 'otter-notes.txt' });
    await link.waitFor({ timeout: 15_000 });
    await deliveredRun(org.admin.http, threadId);
    await page.getByRole('button', { name: 'Cancel run' }).waitFor({ state: 'detached' });
    // Still there once the stored reply replaced the live one, and never twice.
    await expectStoredReply(page, 'The tools returned');
    expect(await mostReplies()).toBe(1);
    const href = await page.getByRole('link', { name: 'otter-notes.txt' }).getAttribute('href');
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe('Otters use stones.');
  });

  it('cancels a run while it streams', async () => {
    const { page } = win;
    const threadId = await startThread(page);
    await sendMessage(page, `Take your time with this one. ${'Slowly now. '.repeat(30)}`);
    await assistantReplies(page).last().getByText('I am Atrium').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Cancel run' }).click();
    const { run } = await deliveredRun(org.admin.http, threadId);
    expect(run.status).toBe('cancelled');
    await page.getByRole('button', { name: 'Cancel run' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: 'Message' }).isEditable()).toBe(true);
  });
});
