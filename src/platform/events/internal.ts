import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type EnqueueRows, enqueueRows } from '../jobs/enqueue-sql.ts';

/** The internal events an `event` trigger may name in its `schedule`. */
export const INTERNAL_EVENTS = [
  'thread.created',
  'message.created',
  'run.completed',
  'run.failed',
  'project_file.ready',
  'artifact.created',
] as const;
export type TriggerEventName = (typeof INTERNAL_EVENTS)[number];
/**
 * Every internal event: those a trigger may name, and `interrupt.raised` / `interrupt.answered` (a run paused on a
 * question for a person, and that question answered), which only the channels hear: a trigger cannot answer one.
 */
export type InternalEventName = TriggerEventName | 'interrupt.raised' | 'interrupt.answered';

export const isTriggerEvent = (name: InternalEventName): name is TriggerEventName =>
  (INTERNAL_EVENTS as readonly string[]).includes(name);

export interface InternalEvent {
  /** The id of what happened (thread, message, run, file, artifact): one fire per trigger and occurrence. */
  subjectId: string;
  /** The run behind the event, if any: events of runs started by a trigger fire no trigger (no loops). */
  runId?: string | null;
  /** Who wrote the subject, where a trigger's own writes must not set off triggers (messages). */
  authorType?: string;
  /** The channel a run came in through (run events): a channel's listener acts on its own runs without a read. */
  channel?: string | null;
  /** Ids and states only, never content: it becomes the input of runs other people may own. */
  data: Record<string, string | null>;
}

/**
 * A listener of internal events: the jobs it records about one (rows whose conditions are in SQL), or none when
 * the event is not its concern. Rows rather than calls, so a writer can send them inside its own write: one round
 * trip, atomic by itself, and due only when the write took effect.
 */
export type InternalEventListener = (
  organizationId: string,
  name: InternalEventName,
  event: InternalEvent,
) => EnqueueRows[];

/**
 * Where internal events go: recorded with the write that makes the event true, so what is recorded is durable
 * with that write. The triggers and channels listen (app.ts composes them in); this layer only names the events
 * and their shape.
 */
export interface InternalEvents {
  /** Records the event in `ex` (the write's transaction), one statement per kind of job due. */
  emit(ex: Executor, organizationId: string, name: InternalEventName, event: InternalEvent): Promise<void>;
  /**
   * The same records as statements, for a writer that sends them as data-modifying CTEs of its own statement;
   * `onlyIf` (a condition over that statement's CTEs) records them only when its write took effect.
   */
  writes(organizationId: string, name: InternalEventName, event: InternalEvent, onlyIf?: SQL): SQL[];
}

/** Several listeners as one: each hears every event, in the order given. */
export function composeInternalEvents(...listeners: InternalEventListener[]): InternalEvents {
  const writes = (organizationId: string, name: InternalEventName, event: InternalEvent, onlyIf?: SQL) =>
    listeners.flatMap((listener) => listener(organizationId, name, event).map((job) => enqueueRows(job, onlyIf)));
  return {
    writes,
    async emit(ex, organizationId, name, event) {
      for (const statement of writes(organizationId, name, event)) await ex.execute(statement);
    },
  };
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
  authorType: m.createdByType,
  data: { message_id: m.id, thread_id: m.threadId, created_by_type: m.createdByType, created_by_id: m.createdById },
});

export const runEndEvent = (
  r: { id: string; threadId: string; agentId: string | null; workflowId: string | null; channel: string | null },
  status: string,
) => ({
  subjectId: r.id,
  runId: r.id,
  channel: r.channel,
  data: { run_id: r.id, thread_id: r.threadId, status, agent_id: r.agentId, workflow_id: r.workflowId },
});

export const projectFileEvent = (f: { id: string; projectId: string }) => ({
  subjectId: f.id,
  data: { project_file_id: f.id, project_id: f.projectId },
});

/** A run's question (an approval, a clarification, a spend-limit pause), raised or answered: the act it is. */
export const interruptEvent = (act: { id: string; runId: string }, threadId: string) => ({
  subjectId: act.id,
  runId: act.runId,
  data: { act_id: act.id, run_id: act.runId, thread_id: threadId },
});

export const artifactEvent = (a: { id: string; threadId: string; runId: string | null; type: string }) => ({
  subjectId: a.id,
  runId: a.runId,
  data: { artifact_id: a.id, thread_id: a.threadId, run_id: a.runId, type: a.type },
});
