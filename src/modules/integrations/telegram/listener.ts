import type { InternalEvents } from '../../../platform/events/internal.ts';
import { enqueue } from '../../../platform/jobs/index.ts';
import { telegramStore as store } from './store.ts';

/** The job that sends a finished Telegram run's reply back to its chat. */
export const TELEGRAM_REPLY_JOB = 'telegram.reply';
/** The job that asks a paused run's question in its thread owner's linked chats. */
export const TELEGRAM_ASK_JOB = 'telegram.ask';
/** The job that takes the buttons away from a question once it was answered, wherever that was. */
export const TELEGRAM_SETTLE_JOB = 'telegram.settle';

/**
 * The channel's side of internal events, in the transaction that makes each true, so what it queues survives a
 * crash and runs once (the jobs' keys): a run that came in over Telegram gets its reply when it ends; a run that
 * pauses on a question gets it asked in the chats of whoever it waits for, wherever the run started, and its
 * buttons there go once it is answered, wherever that was.
 */
export const telegramListener: InternalEvents = {
  async emit(ex, organizationId, name, event) {
    if (name === 'run.completed' || name === 'run.failed') {
      if (event.channel !== 'telegram') return;
      await enqueue(ex, {
        kind: TELEGRAM_REPLY_JOB,
        payload: { organizationId, runId: event.subjectId },
        dedupeKey: `telegram.reply:${event.subjectId}`,
      });
    } else if (name === 'interrupt.raised') {
      const threadId = event.data.thread_id;
      // Who is asked depends on the question (ask.ts); with no chat linked in the organization, nobody is.
      if (!threadId || !(await store.anyLink(ex, organizationId))) return;
      await enqueue(ex, {
        kind: TELEGRAM_ASK_JOB,
        payload: { organizationId, actId: event.subjectId, threadId },
        dedupeKey: `telegram.ask:${event.subjectId}`,
      });
    } else if (name === 'interrupt.answered') {
      if ((await store.promptsOfAct(ex, organizationId, event.subjectId)).length === 0) return;
      await enqueue(ex, {
        kind: TELEGRAM_SETTLE_JOB,
        payload: { organizationId, actId: event.subjectId },
        dedupeKey: `telegram.settle:${event.subjectId}`,
      });
    }
  },
};
