import type { Executor } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { type InternalEvents, messageEvent } from '../../platform/events/internal.ts';
import { conflict } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueue } from '../../platform/jobs/index.ts';
import type { ThreadRow } from '../threads/service.ts';
import type { MessageRow, RunRow } from './store.ts';
import { messagesStore, runsStore } from './store.ts';

export const RUN_JOB = 'run.execute';

export interface Launch {
  thread: ThreadRow;
  /** Who asked: a user or service account id, or an agent/workflow acting through a trigger. */
  createdByType: string;
  createdById: string;
  /** The person charged for the run's usage, when there is one. */
  userId: string | null;
  channel: string | null;
  /** The integration the launch came in through (a Telegram bot), if any. */
  integrationId?: string | null;
  agentId?: string | null;
  workflowId?: string | null;
  input?: Record<string, unknown>;
}

export const runInProgress = () =>
  conflict('run_in_progress', 'This thread already has a run in progress; wait for it or cancel it');

/**
 * The run, its reserved output message id and its start command, written in the caller's transaction: either
 * all three exist or none. One live run per thread is enforced by a partial unique index, so two concurrent
 * posts cannot both start one.
 */
export async function insertRun(tx: Executor, launch: Launch, inputMessageId: string | null): Promise<RunRow> {
  const runId = newId();
  let run: RunRow;
  try {
    run = await runsStore.insert(tx, {
      id: runId,
      organizationId: launch.thread.organizationId,
      threadId: launch.thread.id,
      status: 'queued',
      agentId: launch.agentId ?? null,
      workflowId: launch.workflowId ?? null,
      inputMessageId,
      outputMessageId: newId(),
      createdById: launch.createdById,
      createdByType: launch.createdByType,
      userId: launch.userId,
      channel: launch.channel,
      integrationId: launch.integrationId ?? null,
      input: launch.input ?? {},
    });
  } catch (error) {
    // The violation aborts the caller's transaction, which the 409 rolls back whole (the message with it).
    if (isUniqueViolation(error)) throw runInProgress();
    throw error;
  }
  await enqueue(tx, {
    kind: RUN_JOB,
    payload: { organizationId: launch.thread.organizationId, runId },
    dedupeKey: `run.start:${runId}`,
    maxAttempts: 10,
  });
  return run;
}

/**
 * The message a run answers. A person's message is announced as `message.created`; one written by a trigger (an
 * agent or workflow as its author) is not, as trigger fires never fire triggers.
 */
export async function insertUserMessage(
  tx: Executor,
  events: InternalEvents,
  launch: Launch,
  message: { content: string; attachments: unknown[]; metadata: Record<string, unknown> },
): Promise<MessageRow> {
  const row = await messagesStore.insert(tx, {
    id: newId(),
    organizationId: launch.thread.organizationId,
    threadId: launch.thread.id,
    role: 'user',
    content: message.content,
    createdByType: launch.createdByType,
    createdById: launch.createdById,
    metadata: message.metadata,
    attachments: message.attachments,
  });
  await events.emit(tx, row.organizationId, 'message.created', messageEvent(row));
  return row;
}
