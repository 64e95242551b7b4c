import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type TelegramLink = components['schemas']['TelegramLink'];
export type TelegramLinkCode = components['schemas']['TelegramLinkCode'];

export const telegramKeys = {
  links: ['telegram', 'links'] as const,
  channels: ['channels'] as const,
};

export async function listTelegramLinks(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/channels/telegram/links')).data;
}

/** Whether the organization has a Telegram bot a member can link a chat to. */
export async function hasTelegramBot(client: AtriumClient) {
  const channels = unwrap(await client.api.GET('/v1/channels', { params: { query: { limit: 100 } } })).data;
  return channels.some((channel) => channel.type === 'telegram' && channel.status === 'active');
}

export async function createTelegramLinkCode(client: AtriumClient) {
  return unwrap(await client.api.POST('/v1/channels/telegram/link-codes'));
}

export async function unlinkTelegramChat(client: AtriumClient, linkId: string) {
  unwrap(await client.api.DELETE('/v1/channels/telegram/links/{linkId}', { params: { path: { linkId } } }));
}
