import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import { registerIntegrationRoutes } from './routes.ts';
import { createIntegrationsService } from './service.ts';
import { createVendorChecks } from './vendor-checks.ts';
import { createMicrosoftClient } from './vendors/microsoft.ts';
import { createTelegramClient } from './vendors/telegram.ts';

/** Integrations: an organization's Telegram bot (an inbound channel) and Microsoft 365 app (a connector). */
export function createIntegrationsModule(deps: {
  db: Executor;
  secretBox: SecretBox;
  clock: Clock;
  vendors: Config['vendors'];
}) {
  const telegram = createTelegramClient({ apiUrl: deps.vendors.telegramApiUrl });
  const microsoft = createMicrosoftClient({
    loginUrl: deps.vendors.microsoftLoginUrl,
    graphUrl: deps.vendors.microsoftGraphUrl,
  });
  const checks = createVendorChecks({ telegram, microsoft });
  const service = createIntegrationsService({ db: deps.db, secretBox: deps.secretBox, checks, clock: deps.clock });
  return { service, routes: (app: FastifyInstance) => registerIntegrationRoutes(app, service) };
}
