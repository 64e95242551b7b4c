import { sql } from 'drizzle-orm';
import { runs, triggers } from '../../platform/db/schema/index.ts';
import { type InternalEventListener, isTriggerEvent } from '../../platform/events/internal.ts';

/** The job that fires one event trigger for one occurrence of its event (events.ts handles it). */
export const TRIGGER_EVENT_JOB = 'trigger.event';

/**
 * Who writes what a trigger fire makes (its owner type). Their messages and runs fire no event trigger, so a
 * trigger can never set itself off again.
 */
export const TRIGGER_AUTHOR_TYPES = ['agent', 'workflow'];

/**
 * The triggers' side of internal events (app.ts hands it to the modules that emit them): one `trigger.event` job
 * per enabled event trigger of the organization listening for the event, written with the event's own write, so
 * an event survives a crash and reaches the worker of any process. The triggers are chosen in the same statement
 * (an index range; with no listener it writes nothing); the job worker picks the jobs up at its next poll.
 */
export const triggerEventListener: InternalEventListener = (organizationId, name, event) => {
  if (!isTriggerEvent(name)) return [];
  if (event.authorType && TRIGGER_AUTHOR_TYPES.includes(event.authorType)) return [];
  const authors = sql.join(
    TRIGGER_AUTHOR_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  // Events of a run a trigger started fire nothing (no loops).
  const notFromTriggerRun = event.runId
    ? sql`and not exists (select 1 from ${runs} where ${runs.organizationId} = ${organizationId}
        and ${runs.id} = ${event.runId} and ${runs.createdByType} in (${authors}))`
    : sql``;
  return [
    {
      kind: TRIGGER_EVENT_JOB,
      payload: sql`jsonb_build_object('organizationId', ${organizationId}::text, 'triggerId', ${triggers.id},
        'event', ${name}::text, 'subjectId', ${event.subjectId}::text, 'data', ${JSON.stringify(event.data)}::jsonb)`,
      dedupeKey: sql`'trigger.event:' || ${triggers.id} || ${`:${name}:${event.subjectId}`}::text`,
      from: sql`from ${triggers} where ${triggers.organizationId} = ${organizationId} and ${triggers.enabled}
        and ${triggers.type} = 'event' and ${triggers.schedule} = ${name} ${notFromTriggerRun}`,
    },
  ];
};
