import type { InternalEvents } from '../../../platform/events/internal.ts';
import { enqueue } from '../../../platform/jobs/index.ts';
import { telegramStore as store } from './store.ts';

/** The job that sends a finished Telegram run's reply back to its chat. */
export const TELEGRAM_REPLY_JOB = 'telegram.reply';

/**
 * Hears runs end; one that came in over Telegram gets a reply job in the transaction that ended it, so the reply
 * survives a crash and is sent once (the job's key).
 */
export const telegramReplyListener: InternalEvents = {
  async emit(ex, organizationId, name, event) {
    if (name !== 'run.completed' && name !== 'run.failed') return;
    if ((await store.runChannel(ex, organizationId, event.subjectId)) !== 'telegram') return;
    await enqueue(ex, {
      kind: TELEGRAM_REPLY_JOB,
      payload: { organizationId, runId: event.subjectId },
      dedupeKey: `telegram.reply:${event.subjectId}`,
    });
  },
};
