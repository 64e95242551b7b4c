import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { messages, runs } from '../../platform/db/schema/index.ts';
import { rowOf } from '../../platform/db/statement-parts.ts';
import { type InternalEvents, messageEvent } from '../../platform/events/internal.ts';
import { conflict } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueRows } from '../../platform/jobs/index.ts';
import type { ThreadRow } from '../threads/service.ts';
import type { MessageRow, RunRow } from './store.ts';

export const RUN_JOB = 'run.execute';
/** Deliveries of a run's start command before its job is dead (a run survives nine crashed deliveries). */
const RUN_JOB_ATTEMPTS = 10;

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

/** A user message to write with a launch. */
export interface NewMessage {
  content: string;
  attachments: unknown[];
  metadata: Record<string, unknown>;
}

/**
 * A user message and, when `run` is given, the run answering it (the new message, or `run.inputMessageId`) with its
 * reserved output message id and its start command: one statement of data-modifying CTEs, so all of it exists or
 * none, in one round trip, inside the caller's transaction or without one. A person's message is announced as
 * `message.created` in the same statement; one written by a trigger (an agent or workflow as its author) is not, as
 * trigger fires never fire triggers. One live run per thread is enforced by a partial unique index: a second
 * concurrent launch fails whole with 409 `run_in_progress`.
 */
export async function writeLaunch(
  ex: Executor,
  events: InternalEvents,
  launch: Launch,
  write: { message: NewMessage; run: boolean } | { message: null; run: { inputMessageId: string } },
): Promise<{ message: MessageRow | null; run: RunRow | null }> {
  const organizationId = launch.thread.organizationId;
  const ctes = [];
  let messageCte: ReturnType<typeof insertMessage> | null = null;
  let inputMessageId: string | null = null;
  if (write.message) {
    const message = {
      id: newId(),
      organizationId,
      threadId: launch.thread.id,
      role: 'user' as const,
      content: write.message.content,
      createdByType: launch.createdByType,
      createdById: launch.createdById,
      metadata: write.message.metadata,
      attachments: write.message.attachments,
    };
    messageCte = insertMessage(ex, message);
    inputMessageId = message.id;
    ctes.push(messageCte);
    const announced = events.writes(organizationId, 'message.created', messageEvent(message));
    ctes.push(...announced.map((statement, i) => ex.$with(`event_${i}`, {}).as(statement)));
  } else {
    inputMessageId = write.run.inputMessageId;
  }
  let runCte: ReturnType<typeof insertRun> | null = null;
  if (write.run) {
    const runId = newId();
    runCte = insertRun(ex, launch, runId, inputMessageId);
    ctes.push(runCte, ex.$with('start_job', {}).as(startJob(organizationId, runId)));
  }
  const [first, second] = [messageCte, runCte].filter((cte) => cte !== null);
  const selection = {
    message: messageCte ? rowOf(messageCte, messages) : sql<null>`null`,
    run: runCte ? rowOf(runCte, runs) : sql<null>`null`,
  };
  try {
    const query = ex
      .with(...ctes)
      .select(selection)
      .from(first!);
    const [row] = await (second ? query.crossJoin(second) : query);
    return { message: (row?.message as MessageRow | null) ?? null, run: (row?.run as RunRow | null) ?? null };
  } catch (error) {
    if (isUniqueViolation(error)) throw runInProgress();
    throw error;
  }
}

const insertMessage = (ex: Executor, row: typeof messages.$inferInsert) =>
  ex.$with('message').as(ex.insert(messages).values(row).returning());

const insertRun = (ex: Executor, launch: Launch, id: string, inputMessageId: string | null) =>
  ex.$with('run').as(
    ex
      .insert(runs)
      .values({
        id,
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
      })
      .returning(),
  );

const startJob = (organizationId: string, runId: string) =>
  enqueueRows({
    kind: RUN_JOB,
    payload: sql`${JSON.stringify({ organizationId, runId })}::jsonb`,
    dedupeKey: sql`${`run.start:${runId}`}::text`,
    maxAttempts: RUN_JOB_ATTEMPTS,
    from: sql``,
  });
