import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, messageUpdate, startFakeTelegram } from '../../test/fixtures/fake-telegram.ts';
import type { TestApp } from '../../test/helpers/app.ts';
import { expectAccessibleAndNarrow } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { captureScreens } from './support/screenshots.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let win: AppWindow;
let telegram: FakeTelegram;

const botId = 7_400_000_000 + Number.parseInt(randomBytes(2).toString('hex'), 16);
const token = `${botId}:AA${randomBytes(24).toString('base64url').slice(0, 33)}`;
const CHAT = 812_345;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  telegram.addBot(token, { id: botId, username: 'acme_help_bot', first_name: 'Acme Help' });
  ({ app, browser, win } = await startE2e({ env: { ATRIUM_TELEGRAM_API_URL: telegram.url } }));
});
afterAll(async () => {
  await stopE2e({ app, browser, win });
  await telegram?.close();
});

const screens = (page: Page, name: string) =>
  captureScreens(page, name, () => page.evaluate(() => document.getElementById('main')!.scrollTo(0, 0)));

describe('integrations', () => {
  it('an admin connects a Telegram bot against the Bot API; the page shows it connected', async () => {
    const { page } = win;
    await page.goto('/admin/integrations');
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByText('Nothing is connected yet.', { exact: false }).waitFor();
    const connect = page.getByRole('region', { name: 'Connect Telegram bot' });

    await connect.getByRole('textbox', { name: 'Name' }).fill('Help desk');
    await connect.getByLabel('Bot token').fill('12345:short');
    await connect.getByRole('button', { name: 'Connect Telegram bot' }).click();
    await connect.getByText('digits, a colon, then at least 30').waitFor();
    expect(telegram.calls.length).toBe(0);

    await connect.getByLabel('Bot token').fill(token);
    await connect.getByRole('button', { name: 'Connect Telegram bot' }).click();
    await connect.getByText('Connected Help desk.').waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Help desk' }) });
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByRole('link', { name: '@acme_help_bot' }).waitFor();
    // The server asked Telegram for the bot and registered its webhook; the token never reached the page.
    expect(telegram.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['getMe', 'setWebhook']));
    expect(telegram.webhookOf(token)?.url).toMatch(/\/v1\/channels\/telegram\/[0-9a-f-]{36}\/webhook$/);
    expect(await page.content()).not.toContain(token);

    await card.getByRole('button', { name: 'Check now: Help desk' }).click();
    await card.getByText('The vendor accepted it: connected.').waitFor();
    await expectAccessibleAndNarrow(page);
    await screens(page, 'admin-integrations');
  });

  it('a member links their chat from the profile with the one-time code, and the bot answers there', async () => {
    const { page } = win;
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Telegram' });
    await section.getByRole('button', { name: 'Link a Telegram chat' }).click();
    const open = section.getByRole('link', { name: 'Open @acme_help_bot in Telegram' });
    const href = (await open.getAttribute('href')) ?? '';
    const code = new URL(href).searchParams.get('start') ?? '';
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(href).toBe(`https://t.me/acme_help_bot?start=${code}`);
    await section.getByText(`/start ${code}`).waitFor();
    await expectAccessibleAndNarrow(page);
    await captureScreens(page, 'profile-telegram', () =>
      page.evaluate(() => document.getElementById('profile-telegram')!.scrollIntoView()),
    );

    // The member opens the link in Telegram: the app sends `/start <code>` to the bot, which reaches the webhook.
    const delivered = await telegram.deliver(
      token,
      messageUpdate({ updateId: 1, messageId: 1, chatId: CHAT, text: `/start ${code}` }),
    );
    expect(delivered.status).toBe(200);
    await section.getByText('Linked. Write to the bot in Telegram.').waitFor({ timeout: 15_000 });
    await section
      .getByRole('list', { name: 'Linked chats' })
      .getByText(`Chat ${CHAT} with @acme_help_bot`, { exact: false })
      .waitFor();

    await telegram.deliver(
      token,
      messageUpdate({ updateId: 2, messageId: 2, chatId: CHAT, text: 'Hello from Telegram' }),
    );
    await expect
      .poll(() => telegram.messagesOf(token).filter((m) => m.chat_id === CHAT).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    await section.getByRole('link', { name: 'Open its thread' }).click();
    await page.getByText('Hello from Telegram', { exact: true }).waitFor();
  });
});
