import type { Executor } from '../../../platform/db/client.ts';
import type { Job } from '../../../platform/jobs/index.ts';
import type { BlobStorage } from '../../../platform/storage/index.ts';
import { type TelegramClient, TelegramError } from '../vendors/telegram.ts';
import { say } from './messages.ts';
import { splitForTelegram } from './split.ts';
import { telegramStore as store, type TelegramBotRow } from './store.ts';

/** Telegram's limit on a document a bot sends. */
const TELEGRAM_DOCUMENT_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * Sends a finished Telegram run's answer back to its chat, in as many messages as Telegram's limit needs. Each part
 * sent is recorded, so a retried delivery (Telegram busy, a worker killed) goes on with the next part; only a part
 * in flight when its worker died can show twice.
 */
export function createReplyHandler(deps: {
  db: Executor;
  telegram: TelegramClient;
  storage: Pick<BlobStorage, 'read'>;
  botToken: (bot: TelegramBotRow) => string;
}) {
  const { db, telegram } = deps;
  return async function sendReply(job: Job): Promise<void> {
    const { organizationId, runId } = job.payload as { organizationId: string; runId: string };
    const reply = await store.runReply(db, organizationId, runId);
    // The chat was unlinked since the run started: nobody to answer.
    if (!reply) return;
    const bot = await store.botById(db, reply.integrationId);
    if (bot?.status !== 'connected') return;
    const text =
      reply.status === 'completed'
        ? reply.content?.trim() || say.noAnswer
        : say.failed(reply.error?.message ?? 'the run failed');
    const token = deps.botToken(bot);
    const files = await store.runFiles(db, organizationId, runId);
    // The answer's text in parts, then each file the run made as a document (past Telegram's size, a note).
    const parts: (() => Promise<unknown>)[] = [
      ...splitForTelegram(text).map((part) => () => telegram.sendMessage(token, { chatId: reply.chatId, text: part })),
      ...files.map((file) => async () => {
        if (file.sizeBytes > TELEGRAM_DOCUMENT_LIMIT_BYTES) {
          return telegram.sendMessage(token, { chatId: reply.chatId, text: say.fileTooLarge(file.filename) });
        }
        const bytes = await deps.storage.read(file.storageKey);
        return telegram.sendDocument(token, {
          chatId: reply.chatId,
          filename: file.filename,
          contentType: file.mimeType,
          bytes,
        });
      }),
    ];
    await store.startReply(db, organizationId, runId);
    const progress = await store.replyProgress(db, organizationId, runId);
    if (!progress || progress.completedAt) return;
    try {
      for (let part = progress.partsSent; part < parts.length; part++) {
        await parts[part]!();
        await store.recordPartSent(db, organizationId, runId, part + 1);
      }
    } catch (error) {
      // A revoked bot or a chat that blocked it will not take the reply on any later attempt.
      if (error instanceof TelegramError && (error.kind === 'unauthorized' || error.kind === 'refused')) return;
      throw error;
    }
    await store.completeReply(db, organizationId, runId);
  };
}
