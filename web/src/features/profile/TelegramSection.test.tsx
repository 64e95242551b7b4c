import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../test/fake-client.ts';
import { renderWithClient } from '../../test/render.tsx';
import { TelegramSection } from './TelegramSection.tsx';

const page = <T,>(data: T[]) => ok({ data, has_more: false, next_cursor: null });
const channel = { id: 'bot-1', type: 'telegram', display_name: 'Help', status: 'active' };
const link = {
  id: '0190a000-0000-7000-8000-0000000000c1',
  integration_id: 'bot-1',
  bot_username: 'acme_help_bot',
  chat_id: 4242,
  thread_id: '0190a000-0000-7000-8000-0000000000d1',
  created_at: '2030-01-01T10:00:00.000Z',
};
const code = {
  code: 'K7PQ2MXRTA',
  expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  bots: [
    {
      integration_id: 'bot-1',
      display_name: 'Help',
      bot_username: 'acme_help_bot',
      start_url: 'https://t.me/acme_help_bot?start=K7PQ2MXRTA',
    },
  ],
};

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
});

describe('TelegramSection', () => {
  it('is not shown when the organization has no bot and nothing is linked', async () => {
    fake.on('GET', '/v1/channels', page([{ ...channel, type: 'microsoft_365' }]));
    fake.on('GET', '/v1/channels/telegram/links', ok({ data: [] }));
    const { container } = renderWithClient(fake, <TelegramSection />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/channels/telegram/links');
    expect(container).toBeEmptyDOMElement();
  });

  it('gives a one-time code with the bot’s deep link, and notices the chat once it is linked', async () => {
    let links: unknown[] = [];
    fake.on('GET', '/v1/channels', page([channel]));
    fake.on('GET', '/v1/channels/telegram/links', () => ok({ data: links }));
    fake.on('POST', '/v1/channels/telegram/link-codes', ok(code, 201));
    renderWithClient(fake, <TelegramSection />);
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Link a Telegram chat' }));
    const status = await screen.findByText(/Your code is/);
    expect(status).toHaveTextContent('Your code is K7PQ2MXRTA, valid once until');
    expect(screen.getByRole('link', { name: 'Open @acme_help_bot in Telegram' })).toHaveAttribute(
      'href',
      'https://t.me/acme_help_bot?start=K7PQ2MXRTA',
    );
    expect(screen.getByText('/start K7PQ2MXRTA')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link a Telegram chat' })).not.toBeInTheDocument();

    // The member sends it; the next read of the links (every few seconds) finds the chat.
    links = [link];
    expect(
      await screen.findByText('Linked. Write to the bot in Telegram.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const linked = screen.getByRole('list', { name: 'Linked chats' });
    expect(within(linked).getByText(/Chat 4242 with @acme_help_bot/)).toBeInTheDocument();
    expect(within(linked).getByRole('link', { name: 'Open its thread' })).toHaveAttribute(
      'href',
      `/threads/${link.thread_id}`,
    );
    expect(screen.queryByText(/Your code is/)).not.toBeInTheDocument();
  });

  it('unlinks a chat', async () => {
    let links: unknown[] = [link];
    fake.on('GET', '/v1/channels', page([channel]));
    fake.on('GET', '/v1/channels/telegram/links', () => ok({ data: links }));
    fake.on('DELETE', '/v1/channels/telegram/links/{linkId}', () => {
      links = [];
      return { status: 204 };
    });
    renderWithClient(fake, <TelegramSection />);
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Unlink chat 4242' }));
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/channels/telegram/links/{linkId}', {
      params: { path: { linkId: link.id } },
    });
    await expect.poll(() => screen.queryByRole('list', { name: 'Linked chats' })).toBeNull();
  });
});
