import type { Executor } from '../../platform/db/client.ts';
import {
  type InternalEvent,
  type InternalEventName,
  type InternalEvents,
  isTriggerEvent,
} from '../../platform/events/internal.ts';
import { enqueue } from '../../platform/jobs/index.ts';
import { triggersStore as store } from './store.ts';

/** The job that fires one event trigger for one occurrence of its event (events.ts handles it). */
export const TRIGGER_EVENT_JOB = 'trigger.event';

/**
 * Who writes what a trigger fire makes (its owner type). Their messages and runs fire no event trigger, so a
 * trigger can never set itself off again.
 */
export const TRIGGER_AUTHOR_TYPES = ['agent', 'workflow'];

/**
 * The triggers' side of internal events (app.ts hands it to the modules that emit them): records one
 * `trigger.event` job per enabled event trigger of the organization listening for the event, in the caller's
 * transaction, so an event survives a crash and reaches the worker of any process. With no listener this is one
 * indexed read and writes nothing; the job worker picks the jobs up at its next poll.
 */
export const triggerEventListener: InternalEvents = {
  async emit(ex: Executor, organizationId: string, name: InternalEventName, event: InternalEvent) {
    if (!isTriggerEvent(name)) return;
    if (event.authorType && TRIGGER_AUTHOR_TYPES.includes(event.authorType)) return;
    const ids = await store.listeningTo(ex, organizationId, name, event.runId ?? null, TRIGGER_AUTHOR_TYPES);
    for (const id of ids) {
      await enqueue(ex, {
        kind: TRIGGER_EVENT_JOB,
        payload: { organizationId, triggerId: id, event: name, subjectId: event.subjectId, data: event.data },
        dedupeKey: `trigger.event:${id}:${name}:${event.subjectId}`,
      });
    }
  },
};
