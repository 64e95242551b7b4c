import { and, eq, exists, inArray, not, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { runs, triggers } from '../db/schema/index.ts';
import { enqueue } from '../jobs/index.ts';

/** The internal events an `event` trigger may name in its `schedule`. */
export const INTERNAL_EVENTS = [
  'thread.created',
  'message.created',
  'run.completed',
  'run.failed',
  'project_file.ready',
  'artifact.created',
] as const;
export type InternalEventName = (typeof INTERNAL_EVENTS)[number];

/**
 * Who writes what a trigger fire makes (its owner type). Their messages and runs fire no event trigger, so a
 * trigger can never set itself off again.
 */
export const TRIGGER_AUTHOR_TYPES = ['agent', 'workflow'];

/** The job that fires one event trigger for one occurrence of its event (handled by the triggers module). */
export const TRIGGER_EVENT_JOB = 'trigger.event';

export interface InternalEvent {
  /** The id of what happened (thread, message, run, file, artifact): one fire per trigger and occurrence. */
  subjectId: string;
  /** The run behind the event, if any: events of runs started by a trigger fire no trigger (no loops). */
  runId?: string | null;
  /** Ids and states only, never content: it becomes the input of runs other people may own. */
  data: Record<string, string | null>;
}

/**
 * Records an internal event durably, in the caller's transaction: one `trigger.event` job per enabled event
 * trigger of the organization listening for it, so an event survives a crash and reaches the worker of any
 * process. With no listener this is one indexed read and writes nothing. Call it with the transaction of the
 * write that makes the event true; the job worker picks the jobs up at its next poll.
 */
export async function emitInternalEvent(
  ex: Executor,
  organizationId: string,
  name: InternalEventName,
  event: InternalEvent,
): Promise<void> {
  const fromTriggerRun = event.runId
    ? exists(
        ex
          .select({ one: sql`1` })
          .from(runs)
          .where(and(eq(runs.id, event.runId), inArray(runs.createdByType, TRIGGER_AUTHOR_TYPES))),
      )
    : undefined;
  const rows = await ex
    .select({ id: triggers.id })
    .from(triggers)
    .where(
      and(
        eq(triggers.organizationId, organizationId),
        sql`${triggers.enabled} and ${triggers.type} = 'event'`,
        eq(triggers.schedule, name),
        fromTriggerRun ? not(fromTriggerRun) : undefined,
      ),
    );
  for (const { id } of rows) {
    await enqueue(ex, {
      kind: TRIGGER_EVENT_JOB,
      payload: { organizationId, triggerId: id, event: name, subjectId: event.subjectId, data: event.data },
      dedupeKey: `trigger.event:${id}:${name}:${event.subjectId}`,
    });
  }
}

/** The event of each kind, built from its row (ids and states only). */
export const threadEvent = (t: {
  id: string;
  projectId: string | null;
  createdByType: string;
  createdById: string;
}) => ({
  subjectId: t.id,
  data: { thread_id: t.id, project_id: t.projectId, created_by_type: t.createdByType, created_by_id: t.createdById },
});

export const messageEvent = (m: {
  id: string;
  threadId: string;
  createdByType: string;
  createdById: string | null;
}) => ({
  subjectId: m.id,
  data: { message_id: m.id, thread_id: m.threadId, created_by_type: m.createdByType, created_by_id: m.createdById },
});

export const runEndEvent = (
  r: { id: string; threadId: string; agentId: string | null; workflowId: string | null },
  status: string,
) => ({
  subjectId: r.id,
  runId: r.id,
  data: { run_id: r.id, thread_id: r.threadId, status, agent_id: r.agentId, workflow_id: r.workflowId },
});

export const projectFileEvent = (f: { id: string; projectId: string }) => ({
  subjectId: f.id,
  data: { project_file_id: f.id, project_id: f.projectId },
});

export const artifactEvent = (a: { id: string; threadId: string; runId: string | null; type: string }) => ({
  subjectId: a.id,
  runId: a.runId,
  data: { artifact_id: a.id, thread_id: a.threadId, run_id: a.runId, type: a.type },
});
