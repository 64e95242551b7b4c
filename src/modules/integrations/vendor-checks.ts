import type { IntegrationType } from '../../platform/db/schema/index.ts';
import { unprocessable } from '../../platform/http/errors.ts';
import { TELEGRAM_UPDATE_TYPES } from './telegram/webhook.ts';
import { isClientId, isTenantId, type MicrosoftClient, MicrosoftError } from './vendors/microsoft.ts';
import { isTelegramToken, type TelegramClient, TelegramError } from './vendors/telegram.ts';

export type Secrets = Record<string, string>;

/** What a vendor said of an integration's settings: refused them, or could not be asked. */
export class VendorCheckError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'VendorCheckError';
  }
}

/** What is kept of an integration the vendor accepted. */
export interface Checked {
  config: Record<string, unknown>;
  /** The vendor account (the bot's id; tenant and client) across organizations. */
  vendorAccount: string;
}

const MAX_CLIENT_SECRET = 1024;
/** Microsoft 365 data-location codes (NAM, EUR, APC, GBR, …): three capital letters. */
const isGraphRegion = (value: string) => /^[A-Z]{3}$/.test(value);

function onlyKeys(field: string, value: Record<string, unknown>, allowed: readonly string[]) {
  const extra = Object.keys(value).filter((key) => !allowed.includes(key));
  if (extra.length > 0) {
    const expected = allowed.length ? `only ${allowed.join(', ')}` : 'nothing (give {})';
    throw unprocessable(`${field}: unknown field ${extra.join(', ')}; this type takes ${expected}`);
  }
}

function requiredString(field: string, value: unknown, isValid: (v: string) => boolean, rule: string): string {
  if (typeof value !== 'string' || !isValid(value)) throw unprocessable(`${field}: ${rule}`);
  return value;
}

/**
 * The settings an integration of `type` takes, as its admin gives them (the config keys the server keeps itself,
 * like a bot's username, are not the admin's to give): a wrong shape is a 422 before any vendor is asked.
 */
export function parseSettings(
  type: IntegrationType,
  config: Record<string, unknown>,
  secrets: Record<string, unknown>,
): { config: Record<string, unknown>; secrets: Secrets } {
  if (type === 'telegram') {
    onlyKeys('config', config, []);
    onlyKeys('secrets', secrets, ['botToken']);
    const botToken = requiredString(
      'secrets.botToken',
      secrets.botToken,
      isTelegramToken,
      'a bot token from @BotFather',
    );
    return { config: {}, secrets: { botToken } };
  }
  onlyKeys('config', config, ['tenant_id', 'client_id', 'region']);
  onlyKeys('secrets', secrets, ['clientSecret']);
  return {
    config: {
      tenant_id: requiredString('config.tenant_id', config.tenant_id, isTenantId, 'a directory (tenant) id or domain'),
      client_id: requiredString('config.client_id', config.client_id, isClientId, 'an application (client) id'),
      // Graph searches made with an app's own credentials must name the tenant's data region; null (merged in by
      // a PATCH) clears it.
      ...(config.region === undefined || config.region === null
        ? {}
        : {
            region: requiredString(
              'config.region',
              config.region,
              isGraphRegion,
              'a Graph region code like NAM or EUR',
            ),
          }),
    },
    secrets: {
      clientSecret: requiredString(
        'secrets.clientSecret',
        secrets.clientSecret,
        (v) => v.length > 0 && v.length <= MAX_CLIENT_SECRET,
        `a client secret of 1 to ${MAX_CLIENT_SECRET} characters`,
      ),
    },
  };
}

function asCheckError(error: unknown): VendorCheckError {
  if (error instanceof TelegramError || error instanceof MicrosoftError) {
    const refused = error.kind === 'unauthorized' || error.kind === 'refused';
    return new VendorCheckError(refused ? 'refused' : 'unreachable', error.message);
  }
  throw error;
}

/** Where Telegram delivers a bot's updates, and the secret it sends with them. */
export interface WebhookTarget {
  url: string;
  secretToken: string;
}

/**
 * Asks the vendor whether the settings work: Telegram's getMe, then the bot's webhook registered at `webhook`;
 * Microsoft's client-credentials token request.
 */
export function createVendorChecks(vendors: { telegram: TelegramClient; microsoft: MicrosoftClient }) {
  return {
    async check(
      type: IntegrationType,
      config: Record<string, unknown>,
      secrets: Secrets,
      webhook: () => WebhookTarget,
    ): Promise<Checked> {
      try {
        if (type === 'telegram') {
          const token = secrets.botToken!;
          const bot = await vendors.telegram.getMe(token);
          await vendors.telegram.setWebhook(token, { ...webhook(), allowedUpdates: TELEGRAM_UPDATE_TYPES });
          return { config: { bot_username: bot.username }, vendorAccount: String(bot.id) };
        }
        const app = {
          tenantId: String(config.tenant_id),
          clientId: String(config.client_id),
          clientSecret: secrets.clientSecret!,
        };
        // A check asks the vendor itself, never a token cached from an earlier call.
        vendors.microsoft.forget(app);
        await vendors.microsoft.token(app);
        return { config, vendorAccount: `${app.tenantId}/${app.clientId}` };
      } catch (error) {
        throw asCheckError(error);
      }
    },
  };
}

export type VendorChecks = ReturnType<typeof createVendorChecks>;
