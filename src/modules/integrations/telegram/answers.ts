import type { RequestContext } from '../../../platform/auth/actor.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Executor } from '../../../platform/db/client.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import type { UsersService } from '../../users/service.ts';
import type { TelegramClient } from '../vendors/telegram.ts';
import { memberContext } from './member-context.ts';
import { say } from './messages.ts';
import { parsePromptAction, type StoredInterrupt } from './prompts.ts';
import { telegramStore as store, type TelegramBotRow, type TelegramLinkRow } from './store.ts';

/** The runs module's approve, reject and resume (its `actions`), as this channel calls them. */
export interface InterruptAnswers {
  approve(ctx: RequestContext, threadId: string, runId: string, body: { interrupt_id: string }): Promise<unknown>;
  reject(
    ctx: RequestContext,
    threadId: string,
    runId: string,
    body: { interrupt_id: string; reason: string },
  ): Promise<unknown>;
  resume(
    ctx: RequestContext,
    threadId: string,
    runId: string,
    body: { interrupt_id: string; answer: string },
  ): Promise<unknown>;
}

/** The longest rejection reason the runs' reject takes. */
const MAX_REASON_CHARS = 2000;
/**
 * A reply to an approval rejects it with the reply as the reason; a reply that only says yes is far more likely
 * meant as an approval, so it is pointed at the button instead of rejecting.
 */
const SOUNDS_LIKE_YES = /^\s*(yes|y|yep|ok|okay|sure|approve|approved|go ahead|👍)[\s.!]*$/iu;

type Given =
  | { act: 'approve' }
  | { act: 'reject' }
  | { act: 'reply'; text: string }
  | { act: 'choose'; option: number };

export interface AnswerDeps {
  db: Executor;
  clock: Clock;
  telegram: TelegramClient;
  botToken: (bot: TelegramBotRow) => string;
  /** How the member's answers to a run's question go through: the runs' actions, as the HTTP routes call them. */
  actions: InterruptAnswers;
  users: Pick<UsersService, 'findForSignIn'>;
}

/**
 * A member answering a run's question in the chat: a press of one of its buttons, or a reply to it. The answer goes
 * through the runs' own approve / reject / resume as the member (their rules, their events).
 */
export function createAnswers(deps: AnswerDeps) {
  const { db, telegram } = deps;

  /** What to tell the member, and whether the question is settled (answered now or before). */
  async function answerAs(
    bot: TelegramBotRow,
    linked: TelegramLinkRow,
    actId: string,
    requestId: string,
    given: Given,
  ): Promise<{ say: string; settled: boolean }> {
    const member = await deps.users.findForSignIn({ userId: linked.userId }, deps.clock.now());
    if (!member || member.isSuspended || member.organizationBlocked) return { say: say.suspended, settled: false };
    const question = await store.interruptOf(db, bot.organizationId, actId);
    const interrupt = question?.interrupt as StoredInterrupt | null | undefined;
    if (question?.status !== 'awaiting' || !interrupt) return { say: say.alreadyAnswered, settled: true };
    const ctx = memberContext(member, requestId);
    const where = { interrupt_id: actId };
    const { threadId, runId } = question;
    try {
      if (given.act === 'approve') {
        await deps.actions.approve(ctx, threadId, runId, where);
        return { say: say.approved, settled: true };
      }
      if (interrupt.type === 'approval') {
        if (given.act === 'choose') return { say: say.unknownButton, settled: false };
        if (given.act === 'reply' && SOUNDS_LIKE_YES.test(given.text)) return { say: say.useApprove, settled: false };
        const reason = given.act === 'reply' ? given.text.slice(0, MAX_REASON_CHARS) : say.rejectedReason;
        await deps.actions.reject(ctx, threadId, runId, { ...where, reason });
        return { say: given.act === 'reply' ? say.rejectedWithReason : say.rejected, settled: true };
      }
      const answer =
        given.act === 'reply' ? given.text : given.act === 'choose' ? interrupt.options?.[given.option] : undefined;
      if (answer === undefined) return { say: say.unknownButton, settled: false };
      await deps.actions.resume(ctx, threadId, runId, { ...where, answer });
      return { say: say.answered, settled: true };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'run_not_awaiting') return { say: say.alreadyAnswered, settled: true };
      return { say: error.message, settled: false };
    }
  }

  return {
    /**
     * A button under one of the bot's questions, pressed in a chat it was asked in: answered as the member, then
     * the buttons go.
     */
    async onButton(bot: TelegramBotRow, query: CallbackQuery, requestId: string): Promise<void> {
      const token = deps.botToken(bot);
      const chatId = query.message?.chat.id;
      const action = parsePromptAction(query.data);
      const linked = chatId === undefined ? null : await store.linkOfChat(db, bot.id, chatId);
      const asked = action && linked && (await store.promptSent(db, bot.organizationId, action.actId, linked.id));
      if (!asked || !action || !linked || chatId === undefined) {
        await telegram.answerCallbackQuery(token, { callbackQueryId: query.id, text: say.unknownButton });
        return;
      }
      const outcome = await answerAs(bot, linked, action.actId, requestId, action);
      await telegram.answerCallbackQuery(token, { callbackQueryId: query.id, text: outcome.say.slice(0, 200) });
      if (outcome.settled && query.message) {
        await telegram.editMessageReplyMarkup(token, {
          chatId,
          messageId: query.message.message_id,
          replyMarkup: null,
        });
      }
      await telegram.sendMessage(token, { chatId, text: outcome.say });
    },

    /** A reply to one of the bot's questions: the answer to a clarification, the reason to reject an approval. */
    async onReply(bot: TelegramBotRow, linked: TelegramLinkRow, actId: string, requestId: string, text: string) {
      return (await answerAs(bot, linked, actId, requestId, { act: 'reply', text })).say;
    },
  };
}

/** The fields of a `callback_query` this channel reads. */
export interface CallbackQuery {
  id: string;
  data?: string;
  message?: { message_id: number; chat: { id: number } };
}
