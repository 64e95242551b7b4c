import { createHmac } from 'node:crypto';

/** The job that acts on one update a bot's webhook received. */
export const TELEGRAM_UPDATE_JOB = 'telegram.update';

/** The updates a bot's webhook asks Telegram for: messages, and the buttons pressed under ours. */
export const TELEGRAM_UPDATE_TYPES = ['message', 'callback_query'];

export const telegramWebhookPath = (integrationId: string) => `/v1/channels/telegram/${integrationId}/webhook`;

/**
 * The secret Telegram sends back in `X-Telegram-Bot-Api-Secret-Token` with every update of this integration:
 * derived from the server's secret key, so it is never stored, and differs per integration.
 */
export const createWebhookSecrets =
  (secretKey: Buffer) =>
  (integrationId: string): string =>
    createHmac('sha256', secretKey).update(`telegram-webhook:${integrationId}`).digest('base64url');

export type WebhookSecrets = ReturnType<typeof createWebhookSecrets>;
