import { sql } from 'drizzle-orm';
import { telegramLinks, telegramPrompts } from '../../../platform/db/schema/index.ts';
import type { InternalEventListener } from '../../../platform/events/internal.ts';

/** The job that sends a finished Telegram run's reply back to its chat. */
export const TELEGRAM_REPLY_JOB = 'telegram.reply';
/** The job that asks a paused run's question in its thread owner's linked chats. */
export const TELEGRAM_ASK_JOB = 'telegram.ask';
/** The job that takes the buttons away from a question once it was answered, wherever that was. */
export const TELEGRAM_SETTLE_JOB = 'telegram.settle';

const payload = (fields: Record<string, string>) => sql`${JSON.stringify(fields)}::jsonb`;

/**
 * The channel's side of internal events, written with the write that makes each true, so what it queues
 * survives a crash and runs once (the jobs' keys): a run that came in over Telegram gets its reply when it ends; a
 * run that pauses on a question gets it asked in the chats of whoever it waits for, wherever the run started
 * (with no chat linked in the organization, nobody is asked), and its buttons there go once it is answered,
 * wherever that was (if it was asked in a chat at all).
 */
export const telegramListener: InternalEventListener = (organizationId, name, event) => {
  const actId = event.subjectId;
  if (name === 'run.completed' || name === 'run.failed') {
    if (event.channel !== 'telegram') return [];
    return [
      {
        kind: TELEGRAM_REPLY_JOB,
        payload: payload({ organizationId, runId: event.subjectId }),
        dedupeKey: sql`${`telegram.reply:${event.subjectId}`}::text`,
        from: sql``,
      },
    ];
  }
  if (name === 'interrupt.raised') {
    const threadId = event.data.thread_id;
    if (!threadId) return [];
    return [
      {
        kind: TELEGRAM_ASK_JOB,
        payload: payload({ organizationId, actId, threadId }),
        dedupeKey: sql`${`telegram.ask:${actId}`}::text`,
        from: sql`where exists (select 1 from ${telegramLinks} where ${telegramLinks.organizationId} = ${organizationId})`,
      },
    ];
  }
  if (name === 'interrupt.answered') {
    return [
      {
        kind: TELEGRAM_SETTLE_JOB,
        payload: payload({ organizationId, actId }),
        dedupeKey: sql`${`telegram.settle:${actId}`}::text`,
        from: sql`where exists (select 1 from ${telegramPrompts} join ${telegramLinks} on ${telegramLinks.id} = ${telegramPrompts.linkId}
          where ${telegramPrompts.organizationId} = ${organizationId} and ${telegramPrompts.actId} = ${actId})`,
      },
    ];
  }
  return [];
};
