import { type AnyColumn, and, asc, desc, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { acts, messages, type RunStatus, runs, threads } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import { threadVisibleTo, type Viewer } from '../threads/service.ts';

export type MessageRow = typeof messages.$inferSelect;
export type RunRow = typeof runs.$inferSelect;
export type ActRow = typeof acts.$inferSelect;

export const LIVE_STATUSES: RunStatus[] = ['queued', 'running', 'awaiting'];
const keyset = (createdAt: AnyColumn, id: AnyColumn, c: Cursor, dir: '<' | '>') =>
  dir === '<'
    ? sql`(${createdAt}, ${id}) < (${new Date(c.v)}::timestamptz, ${c.id}::uuid)`
    : sql`(${createdAt}, ${id}) > (${new Date(c.v)}::timestamptz, ${c.id}::uuid)`;

const param = {
  organizationId: sql.placeholder('organizationId'),
  id: sql.placeholder('id'),
  threadId: sql.placeholder('threadId'),
  runId: sql.placeholder('runId'),
  text: sql.placeholder('text'),
  limit: sql.placeholder('limit'),
  principalId: sql.placeholder('principalId'),
};

// Every run reads and writes these, most of them outside any transaction: prepared (platform/db/prepared.ts).
const statements = prepared((db) => ({
  findMessage: db
    .select()
    .from(messages)
    .where(and(eq(messages.organizationId, param.organizationId), eq(messages.id, param.id)))
    .prepare('messages_find'),
  recentMessages: db
    .select()
    .from(messages)
    .where(and(eq(messages.organizationId, param.organizationId), eq(messages.threadId, param.threadId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(param.limit)
    .prepare('messages_recent'),
  findRun: db
    .select()
    .from(runs)
    .where(and(eq(runs.organizationId, param.organizationId), eq(runs.id, param.id)))
    .prepare('runs_find'),
  startRun: db
    .update(runs)
    .set({ status: 'running', startedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(runs.organizationId, param.organizationId), eq(runs.id, param.id), eq(runs.status, 'queued')))
    .returning()
    .prepare('runs_start'),
  appendPartialText: db
    .update(runs)
    .set({ partialText: sql`${runs.partialText} || ${param.text}` })
    .where(and(eq(runs.organizationId, param.organizationId), eq(runs.id, param.id), eq(runs.status, 'running')))
    .returning({ id: runs.id })
    .prepare('runs_append_partial_text'),
  // A run by id in a thread the viewer sees, in one read: no row when the thread is not visible, a row with a null
  // run when the thread has no such run.
  runInVisibleThread: db
    .select({ run: runs })
    .from(threads)
    .leftJoin(runs, and(eq(runs.id, param.id), eq(runs.threadId, threads.id)))
    .where(
      and(
        eq(threads.organizationId, param.organizationId),
        eq(threads.id, param.threadId),
        threadVisibleTo({ principalId: param.principalId }),
      ),
    )
    .prepare('runs_find_visible'),
  actsOfRun: db
    .select()
    .from(acts)
    .where(and(eq(acts.organizationId, param.organizationId), eq(acts.runId, param.runId)))
    .orderBy(asc(acts.ordinal), asc(acts.id))
    .prepare('acts_of_run'),
}));

export const messagesStore = {
  async find(db: Executor, organizationId: string, id: string): Promise<MessageRow | null> {
    const [row] = await statements(db).findMessage.execute({ organizationId, id });
    return row ?? null;
  },

  /** Oldest first, keyset on (created_at, id). */
  page(db: Executor, organizationId: string, threadId: string, cursor: Cursor | null, limit: number) {
    return db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.organizationId, organizationId),
          eq(messages.threadId, threadId),
          cursor ? keyset(messages.createdAt, messages.id, cursor, '>') : undefined,
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(limit + 1);
  },

  /** The thread's newest user message: what a start-run without content answers. */
  async latestFromUser(db: Executor, organizationId: string, threadId: string): Promise<MessageRow | null> {
    const [row] = await db
      .select()
      .from(messages)
      .where(
        and(eq(messages.organizationId, organizationId), eq(messages.threadId, threadId), eq(messages.role, 'user')),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    return row ?? null;
  },

  /** The newest `limit` messages of a thread, oldest first: the model's view of the conversation. */
  async recent(db: Executor, organizationId: string, threadId: string, limit: number): Promise<MessageRow[]> {
    const rows = await statements(db).recentMessages.execute({ organizationId, threadId, limit });
    return rows.reverse();
  },
};

export const runsStore = {
  async find(db: Executor, organizationId: string, runId: string): Promise<RunRow | null> {
    const [row] = await statements(db).findRun.execute({ organizationId, id: runId });
    return row ?? null;
  },

  /** The run in a thread the viewer sees: null when the thread is not visible, `{ run: null }` without the run. */
  async findInVisibleThread(db: Executor, organizationId: string, threadId: string, runId: string, viewer: Viewer) {
    const [row] = await statements(db).runInVisibleThread.execute({
      organizationId,
      threadId,
      id: runId,
      principalId: viewer.principalId,
    });
    return row ?? null;
  },

  /** Locks the run row for a state change inside the caller's transaction. */
  async lock(db: Executor, organizationId: string, runId: string): Promise<RunRow | null> {
    const [row] = await db
      .select()
      .from(runs)
      .where(and(eq(runs.organizationId, organizationId), eq(runs.id, runId)))
      .for('update');
    return row ?? null;
  },

  /** Newest first. */
  listForThread(db: Executor, organizationId: string, threadId: string, cursor: Cursor | null, limit: number) {
    return db
      .select()
      .from(runs)
      .where(
        and(
          eq(runs.organizationId, organizationId),
          eq(runs.threadId, threadId),
          cursor ? keyset(runs.createdAt, runs.id, cursor, '<') : undefined,
        ),
      )
      .orderBy(desc(runs.createdAt), desc(runs.id))
      .limit(limit + 1);
  },

  /**
   * Moves a run between states only from one of `from`: the conditional update is what makes a cancel racing a
   * completion end with one winner. Returns the moved run, or null when this call did not move it.
   */
  async transition(
    db: Executor,
    organizationId: string,
    runId: string,
    from: RunStatus[],
    changes: Partial<typeof runs.$inferInsert>,
  ): Promise<RunRow | null> {
    const [moved] = await db
      .update(runs)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(runs.organizationId, organizationId), eq(runs.id, runId), inArray(runs.status, from)))
      .returning();
    return moved ?? null;
  },

  /** The usual first statement of a run's delivery: queued → running; null when the run was not queued. */
  async start(db: Executor, organizationId: string, runId: string): Promise<RunRow | null> {
    const [started] = await statements(db).startRun.execute({ organizationId, id: runId });
    return started ?? null;
  },

  async update(db: Executor, organizationId: string, runId: string, changes: Partial<typeof runs.$inferInsert>) {
    await db
      .update(runs)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(runs.organizationId, organizationId), eq(runs.id, runId)));
  },

  /**
   * Appends to the draft reply without rewriting the whole text each time, only while the run is running: once a
   * cancel has ended it (and written the output message from the draft it saw), a late piece is refused.
   * Returns whether the piece was stored.
   */
  async appendPartialText(db: Executor, organizationId: string, runId: string, text: string): Promise<boolean> {
    const stored = await statements(db).appendPartialText.execute({ organizationId, id: runId, text });
    return stored.length > 0;
  },
};

export const actsStore = {
  listForRun: (db: Executor, organizationId: string, runId: string): Promise<ActRow[]> =>
    statements(db).actsOfRun.execute({ organizationId, runId }),

  /** Acts are keyed per run: a retried round re-inserting the same key is a no-op. */
  async insertMany(db: Executor, rows: (typeof acts.$inferInsert)[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(acts)
      .values(rows)
      .onConflictDoNothing({ target: [acts.runId, acts.key] });
  },

  async update(db: Executor, organizationId: string, actId: string, changes: Partial<typeof acts.$inferInsert>) {
    await db
      .update(acts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(acts.organizationId, organizationId), eq(acts.id, actId)));
  },

  /** Ends every unfinished act of a run (cancel or failure). */
};

/** The act kind of a run's pause on a spend limit (engine/spend-gate.ts): org admins answer it, whoever's the thread. */
export const SPEND_LIMIT_ACT = 'spend_limit';

/** Awaiting interrupts joined to their run's thread, for `GET /v1/approvals`. */
export const approvalsStore = {
  /** Spend-limit pauses are an org admin's, on every thread; everything else follows thread visibility. */
  listVisible(
    db: Executor,
    organizationId: string,
    viewer: Viewer & { isOrgAdmin: boolean },
    cursor: Cursor | null,
    limit: number,
  ) {
    const spendPause = eq(acts.kind, SPEND_LIMIT_ACT);
    return db
      .select({
        id: acts.id,
        key: acts.key,
        interrupt: acts.interrupt,
        createdAt: acts.updatedAt,
        runId: runs.id,
        threadId: runs.threadId,
        // An admin sees a spend-limit pause on a thread they cannot otherwise see, but not that thread's title.
        threadTitle: sql<string | null>`case when ${threadVisibleTo(viewer)} then ${threads.title} end`,
      })
      .from(acts)
      .innerJoin(runs, eq(runs.id, acts.runId))
      .innerJoin(threads, eq(threads.id, runs.threadId))
      .where(
        and(
          eq(acts.organizationId, organizationId),
          eq(acts.status, 'awaiting'),
          eq(runs.status, 'awaiting'),
          viewer.isOrgAdmin ? or(threadVisibleTo(viewer), spendPause) : and(threadVisibleTo(viewer), not(spendPause)),
          cursor ? keyset(acts.updatedAt, acts.id, cursor, '<') : undefined,
        ),
      )
      .orderBy(desc(acts.updatedAt), desc(acts.id))
      .limit(limit + 1);
  },
};
