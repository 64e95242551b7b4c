import { and, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { organizations, runs, threads } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import { containsPattern } from '../../platform/http/query.ts';
import type { ThreadListFilters } from './schemas.ts';
import { threadVisibleTo, type Viewer } from './visibility.ts';

export type { Viewer };

export type ThreadRow = typeof threads.$inferSelect;
export type ThreadChanges = Partial<Pick<typeof threads.$inferInsert, 'title' | 'projectId' | 'isPinned'>>;

/** The spec's `active_run_id`: the thread's `running` or `awaiting` run (a queued one is not active yet). */
const activeRunId = sql<string | null>`(select r.id from ${runs} r where r.thread_id = ${threads}.id
  and r.status in ('running', 'awaiting') limit 1)`;

const param = {
  organizationId: sql.placeholder('organizationId'),
  threadId: sql.placeholder('threadId'),
  principalId: sql.placeholder('principalId'),
};
const threadById = and(eq(threads.organizationId, param.organizationId), eq(threads.id, param.threadId));

// The run engine and every run's stream read their thread: prepared (platform/db/prepared.ts).
const findStatement = prepared((db) => db.select().from(threads).where(threadById).prepare('threads_find'));
const findForRunStatement = prepared((db) =>
  db
    .select({ thread: threads, organizationName: organizations.name })
    .from(threads)
    .innerJoin(organizations, eq(organizations.id, threads.organizationId))
    .where(threadById)
    .prepare('threads_find_for_run'),
);
const findVisibleStatement = prepared((db) =>
  db
    .select({ thread: threads, activeRunId })
    .from(threads)
    .where(and(threadById, threadVisibleTo({ principalId: param.principalId })))
    .prepare('threads_find_visible'),
);

export const threadsStore = {
  async insert(db: Executor, row: typeof threads.$inferInsert): Promise<ThreadRow> {
    const [created] = await db.insert(threads).values(row).returning();
    return created!;
  },

  /** For the run engine, which acts for the run's creator and needs no visibility check. */
  async find(db: Executor, organizationId: string, threadId: string): Promise<ThreadRow | null> {
    const [row] = await findStatement(db).execute({ organizationId, threadId });
    return row ?? null;
  },

  /** For the run engine: the thread and its organization's name (the system prompt names it), in one read. */
  async findForRun(db: Executor, organizationId: string, threadId: string) {
    const [row] = await findForRunStatement(db).execute({ organizationId, threadId });
    return row ?? null;
  },

  /** The thread with its live run, if the viewer may see it. */
  async findVisible(db: Executor, organizationId: string, threadId: string, viewer: Viewer) {
    const [row] = await findVisibleStatement(db).execute({ organizationId, threadId, principalId: viewer.principalId });
    return row ?? null;
  },

  /** The thread with its live run, for a caller that was allowed to change it (it may have moved out of view). */
  async findWithRun(db: Executor, organizationId: string, threadId: string) {
    const [row] = await db
      .select({ thread: threads, activeRunId })
      .from(threads)
      .where(and(eq(threads.organizationId, organizationId), eq(threads.id, threadId)));
    return row ?? null;
  },

  /** Newest first, keyset on (created_at, id). */
  listVisible(
    db: Executor,
    organizationId: string,
    viewer: Viewer,
    filters: ThreadListFilters,
    cursor: Cursor | null,
  ): Promise<ThreadRow[]> {
    const conditions: (SQL | undefined)[] = [
      eq(threads.organizationId, organizationId),
      threadVisibleTo(viewer),
      filters.search ? ilike(threads.title, containsPattern(filters.search)) : undefined,
      filters.created_from ? gte(threads.createdAt, new Date(filters.created_from)) : undefined,
      filters.created_to ? lte(threads.createdAt, new Date(filters.created_to)) : undefined,
      filters.project_id ? eq(threads.projectId, filters.project_id) : undefined,
      filters.created_by_type ? eq(threads.createdByType, filters.created_by_type) : undefined,
      filters.created_by_id ? eq(threads.createdById, filters.created_by_id) : undefined,
      filters.is_pinned === undefined ? undefined : eq(threads.isPinned, filters.is_pinned),
      cursor
        ? sql`(${threads.createdAt}, ${threads.id}) < (${new Date(cursor.v)}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    ];
    return db
      .select()
      .from(threads)
      .where(and(...conditions))
      .orderBy(desc(threads.createdAt), desc(threads.id))
      .limit(filters.limit + 1);
  },

  /** Pinning alone leaves `updated_at` as it was; any other change stamps it. */
  async update(db: Executor, organizationId: string, threadId: string, changes: ThreadChanges): Promise<void> {
    const stamps = changes.title !== undefined || changes.projectId !== undefined;
    await db
      .update(threads)
      .set({ ...changes, ...(stamps ? { updatedAt: sql`now()` } : {}) })
      .where(and(eq(threads.organizationId, organizationId), eq(threads.id, threadId)));
  },

  /** Marks activity on the thread (a new message): lists sorted by recency see it move. */
  async touch(db: Executor, organizationId: string, threadId: string): Promise<void> {
    await db
      .update(threads)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(threads.organizationId, organizationId), eq(threads.id, threadId)));
  },
};
