import { ApiError } from '../../../platform/http/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { type Job, JobNotReady } from '../../../platform/jobs/index.ts';
import type { ArtifactsService } from '../../artifacts/service.ts';
import type { RunsService } from '../../runs/service.ts';
import type { ThreadsService } from '../../threads/service.ts';
import { type AnswerDeps, type CallbackQuery, createAnswers } from './answers.ts';
import { carriesFile, createFileIntake, type FileMessage, fileOnlyText, uploadIdOf } from './files.ts';
import { digestLinkCode } from './links.ts';
import { say } from './messages.ts';
import { telegramStore as store, type TelegramBotRow, type TelegramLinkRow } from './store.ts';

/** How long an update waits for an earlier one of its chat before taking it for lost. */
const ORDER_WAIT_MS = 30_000;

/** The request id the runs' actions log an answer from the chat under. */
const requestIdOf = (update: Update) => `telegram-${update.update_id}`;

/** The fields of a Telegram update this channel reads; anything else in it is ignored. */
interface Update {
  update_id: number;
  message?: FileMessage & {
    chat: { id: number; type: string };
    text?: string;
    caption?: string;
    reply_to_message?: { message_id: number };
  };
  callback_query?: CallbackQuery;
}

export interface UpdateDeps extends AnswerDeps {
  runs: Pick<RunsService, 'launchIn'>;
  threads: Pick<ThreadsService, 'insertForTrigger' | 'find'>;
  dlp: { check(organizationId: string, text: string): Promise<void> };
  /** Where a photo or document sent in the chat is kept: a file of the member's thread. */
  artifacts: Pick<ArtifactsService, 'createArtifact'>;
  /** Wakes the run worker after a run was enqueued. */
  onRunEnqueued: () => void;
}

/**
 * Acts on one update a bot received: `/start <code>` links the chat, `/stop` unlinks it, any other text (or a
 * photo or document, its caption the text) from a linked chat posts in the member's thread and starts a run as
 * them. Each update is acted on once (its id is recorded in the transaction of what it does); the bot's answers in
 * the chat are sent after that commit.
 */
export function createUpdateHandler(deps: UpdateDeps) {
  const { db, telegram } = deps;
  const answers = createAnswers(deps);
  const files = createFileIntake(deps);

  /** Records the update alone, for an update whose only effect is a message in the chat. */
  const firstTime = (bot: TelegramBotRow, update: Update) => store.markUpdate(db, bot.id, update.update_id);

  async function link(bot: TelegramBotRow, update: Update, chatId: number, code: string): Promise<string | null> {
    return db.transaction(async (tx) => {
      if (!(await store.markUpdate(tx, bot.id, update.update_id))) return null;
      const taken = await store.takeCode(tx, bot.organizationId, digestLinkCode(code), deps.clock.now());
      if (!taken) return say.badCode;
      const thread = await deps.threads.insertForTrigger(tx, {
        id: newId(),
        organizationId: bot.organizationId,
        ownerId: taken.userId,
        createdByType: 'user',
        createdById: taken.userId,
        title: 'Telegram',
        projectId: null,
      });
      await store.upsertLink(tx, {
        id: newId(),
        organizationId: bot.organizationId,
        integrationId: bot.id,
        userId: taken.userId,
        chatId,
        threadId: thread.id,
      });
      return say.linked;
    });
  }

  async function unlink(bot: TelegramBotRow, update: Update, linked: TelegramLinkRow | null): Promise<string | null> {
    return db.transaction(async (tx) => {
      if (!(await store.markUpdate(tx, bot.id, update.update_id))) return null;
      if (linked) await store.deleteLink(tx, bot.organizationId, linked.id);
      return linked ? say.unlinked : say.notLinked;
    });
  }

  /**
   * Posts the text as the member, with the file of `carrier` when given, and starts a run; the run's end sends the
   * reply (listener.ts). The file is fetched and read before the transaction and stored within it, after the
   * launch (a busy thread stores nothing), under an id derived from the update: a retry stores it once.
   */
  async function ask(
    bot: TelegramBotRow,
    update: Update,
    linked: TelegramLinkRow,
    text: string,
    carrier?: FileMessage,
  ): Promise<string | null> {
    const member = await deps.users.findForSignIn({ userId: linked.userId }, deps.clock.now());
    if (!member || member.isSuspended || member.organizationBlocked) {
      return (await firstTime(bot, update)) ? say.suspended : null;
    }
    try {
      await deps.dlp.check(bot.organizationId, text);
      const received = carrier
        ? await files.receive(deps.botToken(bot), uploadIdOf(bot.id, update.update_id), carrier)
        : null;
      if (received && 'refusal' in received) return (await firstTime(bot, update)) ? received.refusal : null;
      const file = received?.file;
      const started = await db.transaction(async (tx) => {
        if (!(await store.markUpdate(tx, bot.id, update.update_id))) return false;
        const thread = await deps.threads.find(bot.organizationId, linked.threadId, tx);
        if (!thread) return false;
        await deps.runs.launchIn(
          tx,
          {
            thread,
            createdByType: 'user',
            createdById: linked.userId,
            userId: linked.userId,
            channel: 'telegram',
            integrationId: bot.id,
          },
          {
            content: text,
            attachments: file ? [files.attachmentOf(file)] : [],
            metadata: { telegram_message_id: update.message?.message_id ?? null },
          },
        );
        if (file) await files.store(tx, { organizationId: bot.organizationId, threadId: thread.id }, file);
        return true;
      });
      if (started) deps.onRunEnqueued();
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!(await firstTime(bot, update))) return null;
      if (error.code === 'dlp_blocked') return say.blocked;
      if (error.code === 'run_in_progress') return say.busy;
      return say.refused(error.message);
    }
  }

  async function actOn(bot: TelegramBotRow, update: Update): Promise<void> {
    if (update.callback_query) {
      if (await firstTime(bot, update)) await answers.onButton(bot, update.callback_query, requestIdOf(update));
      return;
    }
    const message = update.message;
    if (!message) {
      await firstTime(bot, update);
      return;
    }
    const chatId = message.chat.id;
    let answer: string | null;
    if (message.chat.type !== 'private') {
      answer = (await firstTime(bot, update)) ? say.privateOnly : null;
    } else if (carriesFile(message)) {
      const linked = await store.linkOfChat(db, bot.id, chatId);
      const text = message.caption?.trim() || fileOnlyText(message);
      if (linked) answer = await ask(bot, update, linked, text, message);
      else answer = (await firstTime(bot, update)) ? say.notLinked : null;
    } else if (typeof message.text !== 'string' || message.text.trim() === '') {
      answer = (await firstTime(bot, update)) ? say.textOnly : null;
    } else {
      const text = message.text.trim();
      const linked = await store.linkOfChat(db, bot.id, chatId);
      const command = /^\/(start|stop)(?:@\w+)?(?:\s+(\S+))?\s*$/i.exec(text);
      if (command?.[1]?.toLowerCase() === 'stop') answer = await unlink(bot, update, linked);
      else if (command?.[2]) answer = await link(bot, update, chatId, command[2]);
      else if (command) answer = (await firstTime(bot, update)) ? (linked ? say.alreadyLinked : say.notLinked) : null;
      else if (!linked) answer = (await firstTime(bot, update)) ? say.notLinked : null;
      else {
        const repliedTo = message.reply_to_message?.message_id;
        const question =
          repliedTo === undefined ? null : await store.promptByMessage(db, bot.organizationId, linked.id, repliedTo);
        if (!question) answer = await ask(bot, update, linked, text);
        else
          answer = (await firstTime(bot, update))
            ? await answers.onReply(bot, linked, question, requestIdOf(update), text)
            : null;
      }
    }
    if (answer) await telegram.sendMessage(deps.botToken(bot), { chatId, text: answer });
  }

  /**
   * Acts on one update, once (its `processed_at` is set with what it does). An update of a chat waits while an
   * earlier one of the same chat, received moments ago, is not acted on yet: the job fails for now and is retried,
   * so a chat's messages take effect in Telegram's order whichever job runs first. One older than that is taken for
   * lost and waited for no more, so a chat never stalls.
   */
  return async function handleUpdate(job: Job): Promise<void> {
    const { integrationId, updateId } = job.payload as { integrationId: string; updateId: number };
    const received = await store.receivedUpdate(db, integrationId, updateId);
    if (!received || received.processedAt) return;
    const bot = await store.botById(db, integrationId);
    // A bot deleted or disconnected since: its updates are dropped.
    if (bot?.status !== 'connected') {
      await store.markUpdate(db, integrationId, updateId);
      return;
    }
    if (received.chatId !== null) {
      if (await store.earlierPending(db, integrationId, received.chatId, updateId, ORDER_WAIT_MS)) {
        throw new JobNotReady(`Telegram update ${updateId} waits for an earlier update of its chat`);
      }
    }
    await actOn(bot, received.payload as unknown as Update);
    // Whatever path it took, the update counts as acted on, so the next of its chat may go.
    await store.markUpdate(db, integrationId, updateId);
  };
}
