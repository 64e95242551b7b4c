import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../platform/clock.ts';
import type { SecretBox } from '../../../platform/crypto/secret-box.ts';
import type { Executor } from '../../../platform/db/client.ts';
import type { BlobStorage } from '../../../platform/storage/index.ts';
import type { TelegramClient } from '../vendors/telegram.ts';
import { createAskHandler, createSettleHandler } from './ask.ts';
import { createTelegramLinks } from './links.ts';
import { TELEGRAM_ASK_JOB, TELEGRAM_REPLY_JOB, TELEGRAM_SETTLE_JOB } from './listener.ts';
import { createReplyHandler } from './replies.ts';
import { registerTelegramRoutes } from './routes.ts';
import type { TelegramBotRow } from './store.ts';
import { createUpdateHandler, type UpdateDeps } from './updates.ts';
import { TELEGRAM_UPDATE_JOB, type WebhookSecrets } from './webhook.ts';

/**
 * Telegram as an inbound channel: bots' webhooks, members' linked chats, messages that start runs as the member,
 * and the runs' answers sent back to the chat. Composed after the runs module (app.ts).
 */
export function createTelegramChannel(
  deps: Omit<UpdateDeps, 'botToken'> & {
    secretBox: SecretBox;
    webhookSecret: WebhookSecrets;
    telegram: TelegramClient;
    /** Where the files runs make are kept: sent to the chat as documents. */
    storage: Pick<BlobStorage, 'read'>;
    clock: Clock;
    db: Executor;
    /** Wakes the background job lane after a webhook queued an update. */
    onUpdateQueued: () => void;
  },
) {
  const botToken = (bot: TelegramBotRow) =>
    (JSON.parse(deps.secretBox.open(bot.secretsSealed)) as { botToken: string }).botToken;
  const links = createTelegramLinks({ db: deps.db, clock: deps.clock });
  return {
    routes: (app: FastifyInstance) =>
      registerTelegramRoutes(app, {
        db: deps.db,
        links,
        webhookSecret: deps.webhookSecret,
        onUpdate: deps.onUpdateQueued,
      }),
    jobs: {
      handlers: {
        [TELEGRAM_UPDATE_JOB]: createUpdateHandler({ ...deps, botToken }),
        [TELEGRAM_ASK_JOB]: createAskHandler({ db: deps.db, telegram: deps.telegram, botToken }),
        [TELEGRAM_SETTLE_JOB]: createSettleHandler({ db: deps.db, telegram: deps.telegram, botToken }),
        [TELEGRAM_REPLY_JOB]: createReplyHandler({
          db: deps.db,
          telegram: deps.telegram,
          storage: deps.storage,
          botToken,
        }),
      },
    },
  };
}
