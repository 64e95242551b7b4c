import type { Executor } from '../../../platform/db/client.ts';
import type { Job } from '../../../platform/jobs/index.ts';
import { type TelegramClient, TelegramError } from '../vendors/telegram.ts';
import { promptMessage, type StoredInterrupt } from './prompts.ts';
import { telegramStore as store, type TelegramBotRow } from './store.ts';

/** A spend-limit pause is the org admins' to answer, whoever owns the thread. */
const SPEND_LIMIT = 'spend_limit';

/**
 * Asks a paused run's question in every chat of whoever it waits for (one inbox, answerable anywhere): the chats the
 * thread's owner linked, or for a spend-limit pause those of the org admins; once per chat, recorded with the
 * message it sent, so a reply to that message or a press of its buttons answers it.
 */
export function createAskHandler(deps: {
  db: Executor;
  telegram: TelegramClient;
  botToken: (bot: TelegramBotRow) => string;
}) {
  const { db, telegram } = deps;
  return async function ask(job: Job): Promise<void> {
    const { organizationId, actId, threadId } = job.payload as {
      organizationId: string;
      actId: string;
      threadId: string;
    };
    const question = await store.interruptOf(db, organizationId, actId);
    const interrupt = question?.interrupt as StoredInterrupt | null | undefined;
    // Answered, or the run ended, before the question went out: nothing to ask.
    if (question?.status !== 'awaiting' || !interrupt) return;
    const forAdmins = interrupt.kind === SPEND_LIMIT;
    // The admins answer a spend-limit pause of any thread, a member's private one included: not its title.
    const message = promptMessage(interrupt, actId, forAdmins ? null : question.threadTitle);
    const recipients = forAdmins
      ? await store.adminRecipients(db, organizationId)
      : await store.recipientsOfThread(db, organizationId, threadId);
    for (const { link } of recipients) {
      if (await store.promptSent(db, organizationId, actId, link.id)) continue;
      const bot = await store.botById(db, link.integrationId);
      if (bot?.status !== 'connected') continue;
      try {
        const sent = await telegram.sendMessage(deps.botToken(bot), { chatId: link.chatId, ...message });
        await store.insertPrompt(db, { actId, linkId: link.id, organizationId, messageId: sent.messageId });
      } catch (error) {
        // A chat that blocked the bot, or a revoked bot, will not take it later either; the others still get it.
        if (error instanceof TelegramError && (error.kind === 'unauthorized' || error.kind === 'refused')) continue;
        throw error;
      }
    }
  };
}

/** Takes the buttons away from a question's messages in the chats once it was answered (in the chat or elsewhere). */
export function createSettleHandler(deps: {
  db: Executor;
  telegram: TelegramClient;
  botToken: (bot: TelegramBotRow) => string;
}) {
  const { db, telegram } = deps;
  return async function settle(job: Job): Promise<void> {
    const { organizationId, actId } = job.payload as { organizationId: string; actId: string };
    for (const prompt of await store.promptsOfAct(db, organizationId, actId)) {
      const bot = await store.botById(db, prompt.integrationId);
      if (bot?.status !== 'connected') continue;
      try {
        await telegram.editMessageReplyMarkup(deps.botToken(bot), {
          chatId: prompt.chatId,
          messageId: prompt.messageId,
          replyMarkup: null,
        });
      } catch (error) {
        // A message deleted in the chat, or a revoked bot: there are no buttons left to take away.
        if (error instanceof TelegramError && (error.kind === 'unauthorized' || error.kind === 'refused')) continue;
        throw error;
      }
    }
  };
}
