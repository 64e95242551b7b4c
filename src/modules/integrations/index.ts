import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { PublicUrl } from '../../platform/storage/public-url.ts';
import { registerIntegrationRoutes } from './routes.ts';
import { createIntegrationsService } from './service.ts';
import { createWebhookSecrets, telegramWebhookPath } from './telegram/webhook.ts';
import { createVendorChecks } from './vendor-checks.ts';
import { createMicrosoftClient } from './vendors/microsoft.ts';
import { createTelegramClient, TelegramError } from './vendors/telegram.ts';

export { createMicrosoftConnector } from './m365-tools.ts';
export { createTelegramChannel } from './telegram/index.ts';
export { telegramListener } from './telegram/listener.ts';
export { TELEGRAM_UPDATE_JOB } from './telegram/webhook.ts';

/** Integrations: an organization's Telegram bot (an inbound channel) and Microsoft 365 app (a connector). */
export function createIntegrationsModule(deps: {
  db: Executor;
  secretBox: SecretBox;
  clock: Clock;
  vendors: Config['vendors'];
  publicUrl: PublicUrl;
  secretKey: Buffer;
}) {
  const telegram = createTelegramClient({ apiUrl: deps.vendors.telegramApiUrl });
  const microsoft = createMicrosoftClient({
    loginUrl: deps.vendors.microsoftLoginUrl,
    graphUrl: deps.vendors.microsoftGraphUrl,
  });
  const webhookSecret = createWebhookSecrets(deps.secretKey);
  const service = createIntegrationsService({
    db: deps.db,
    secretBox: deps.secretBox,
    checks: createVendorChecks({ telegram, microsoft }),
    clock: deps.clock,
    webhookOf: (id) => ({ url: `${deps.publicUrl.get()}${telegramWebhookPath(id)}`, secretToken: webhookSecret(id) }),
    async forgetWebhook(botToken) {
      try {
        await telegram.deleteWebhook(botToken);
      } catch (error) {
        // The bot may be revoked or Telegram away; its updates then go nowhere anyway (the route answers 401).
        if (!(error instanceof TelegramError)) throw error;
      }
    },
  });
  return {
    service,
    webhookSecret,
    /** The vendor clients, for the connector's tools and the channel's delivery. */
    vendors: { telegram, microsoft },
    routes: (app: FastifyInstance) => registerIntegrationRoutes(app, service),
  };
}
