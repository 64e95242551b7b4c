import type { Executor } from '../db/client.ts';

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
 * Where internal events go: called with the transaction of the write that makes the event true, so what it
 * records is durable with that write. The triggers module listens (app.ts composes it in); this layer only
 * names the events and their shape.
 */
export interface InternalEvents {
  emit(ex: Executor, organizationId: string, name: InternalEventName, event: InternalEvent): Promise<void>;
}

/** Several listeners as one: each hears every event, in the order given, in the caller's transaction. */
export function composeInternalEvents(...listeners: InternalEvents[]): InternalEvents {
  return {
    async emit(ex, organizationId, name, event) {
      for (const listener of listeners) await listener.emit(ex, organizationId, name, event);
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
