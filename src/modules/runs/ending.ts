import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { acts, messages, type RunStatus, runs } from '../../platform/db/schema/index.ts';
import { partsAsCtes, rowOf, type StatementPart } from '../../platform/db/statement-parts.ts';
import { type InternalEvents, runEndEvent } from '../../platform/events/internal.ts';
import { LIVE_STATUSES, type MessageRow, type RunRow } from './store.ts';

export const CANCELLED_REPLY = 'The run was cancelled before it finished.';

/** In the end's statement: whether the run moved (only then does anything of the end but `alongside` happen). */
const MOVED = sql`exists (select 1 from moved)`;

/**
 * Ends a live run and writes its output message under the reserved id, with the run-end event's jobs and (for a
 * failure or a cancel) its open acts closed: one statement of data-modifying CTEs, with `alongside` (the last
 * round's usage event and its debit) written in it whatever happens. The conditional status change decides races
 * (a cancel against a completion): only the statement that moved the run writes the rest, and the reserved id
 * makes a repeat a no-op, so a run ends with exactly one output message. Returns that message, or null when the
 * run had already ended.
 */
export async function endRun(
  ex: Executor,
  events: InternalEvents,
  run: RunRow,
  end: {
    status: Extract<RunStatus, 'completed' | 'failed' | 'cancelled'>;
    content: string;
    error?: { code: string; message: string };
  },
  alongside: StatementPart[] = [],
): Promise<MessageRow | null> {
  const org = run.organizationId;
  const parts: StatementPart[] = [
    ...alongside,
    {
      name: 'moved',
      statement: ex
        .update(runs)
        .set({ status: end.status, completedAt: new Date(), error: end.error ?? null, updatedAt: sql`now()` })
        .where(and(eq(runs.organizationId, org), eq(runs.id, run.id), inArray(runs.status, LIVE_STATUSES)))
        .returning({ id: runs.id })
        .getSQL(),
    },
  ];
  if (end.status !== 'cancelled') {
    const statements = events.writes(org, `run.${end.status}`, runEndEvent(run, end.status), MOVED);
    parts.push(...statements.map((statement, i) => ({ name: `run_end_event_${i}`, statement })));
  }
  if (end.status !== 'completed') {
    parts.push({ name: 'closed_acts', statement: closeOpenActs(ex, run, end.status) });
  }
  const output = ex.$with('output').as(
    ex
      .insert(messages)
      .select(
        sql`select ${run.outputMessageId}::uuid, ${org}::uuid, ${run.threadId}::uuid, 'assistant', ${end.content}::text,
          ${run.id}::uuid, ${run.workflowId ? 'workflow' : run.agentId ? 'agent' : 'assistant'}::text,
          ${run.workflowId ?? run.agentId}::uuid, ${JSON.stringify({ status: end.status })}::jsonb, '[]'::jsonb, now()
          where ${MOVED}`,
      )
      .onConflictDoNothing({ target: messages.id })
      .returning(),
  );
  const [written] = await ex
    .with(...partsAsCtes(ex, parts), output)
    .select(rowOf(output, messages))
    .from(output);
  return (written as MessageRow | undefined) ?? null;
}

/** The acts a failed or cancelled run leaves open end with it, when the end's statement moved the run. */
const closeOpenActs = (ex: Executor, run: RunRow, status: 'failed' | 'cancelled') =>
  ex
    .update(acts)
    .set({ status, interrupt: null, updatedAt: sql`now()`, completedAt: sql`now()` })
    .where(
      and(
        eq(acts.organizationId, run.organizationId),
        eq(acts.runId, run.id),
        inArray(acts.status, ['pending', 'running', 'awaiting']),
        MOVED,
      ),
    )
    .getSQL();
