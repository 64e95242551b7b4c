import type { Executor } from '../../platform/db/client.ts';
import type { RunStatus } from '../../platform/db/schema/index.ts';
import { type InternalEvents, runEndEvent } from '../../platform/events/internal.ts';
import { actsStore, LIVE_STATUSES, type MessageRow, messagesStore, type RunRow, runsStore } from './store.ts';

export const CANCELLED_REPLY = 'The run was cancelled before it finished.';

/**
 * Ends a live run and writes its output message under the reserved id, in the caller's transaction. The
 * conditional status change decides races (a cancel against a completion): only the call that moved the run
 * writes the message, and the reserved id makes a repeat a no-op, so a run ends with exactly one output message.
 * Returns that message, or null when the run had already ended.
 */
export async function endRun(
  tx: Executor,
  events: InternalEvents,
  run: RunRow,
  end: {
    status: Extract<RunStatus, 'completed' | 'failed' | 'cancelled'>;
    content: string;
    error?: { code: string; message: string };
  },
): Promise<MessageRow | null> {
  const moved = await runsStore.transition(tx, run.organizationId, run.id, LIVE_STATUSES, {
    status: end.status,
    completedAt: new Date(),
    error: end.error ?? null,
  });
  if (!moved) return null;
  if (end.status !== 'cancelled')
    await events.emit(tx, run.organizationId, `run.${end.status}`, runEndEvent(run, end.status));
  if (end.status !== 'completed') await actsStore.closeOpen(tx, run.organizationId, run.id, end.status);
  return messagesStore.insertOutput(tx, {
    id: run.outputMessageId,
    organizationId: run.organizationId,
    threadId: run.threadId,
    role: 'assistant',
    content: end.content,
    runId: run.id,
    createdByType: run.workflowId ? 'workflow' : run.agentId ? 'agent' : 'assistant',
    createdById: run.workflowId ?? run.agentId,
    metadata: { status: end.status },
  });
}
