import { and, count, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  type DlpDryRunExample,
  type DlpDryRunRule,
  type DlpDryRunStatus,
  dlpDryRuns,
  messages,
} from '../../platform/db/schema/index.ts';

export type DlpDryRunRow = typeof dlpDryRuns.$inferSelect;

interface ScanCursor {
  at: Date;
  id: string;
}

/** What one batch adds to a running dry run; written with the cursor it moved to. */
export interface DryRunBatch {
  scanned: number;
  blocked: number;
  examples: DlpDryRunExample[];
  progress: number;
  cursor: ScanCursor;
}

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(dlpDryRuns.organizationId, organizationId), eq(dlpDryRuns.id, id));
const LIVE: DlpDryRunStatus[] = ['queued', 'running'];

/** The user messages a dry run reads: its organization's, written in its window. */
const inWindow = (organizationId: string, run: Pick<DlpDryRunRow, 'scanFrom' | 'scanTo'>) =>
  and(
    eq(messages.organizationId, organizationId),
    eq(messages.role, 'user'),
    gte(messages.createdAt, run.scanFrom),
    lt(messages.createdAt, run.scanTo),
  );

/** SQL of DLP dry runs and of the messages they read; every query is scoped to one organization. */
export const dryRunStore = {
  /** A queued dry run over the last `days` days up to now (database time, as messages are stamped). */
  async insert(db: Executor, organizationId: string, id: string, days: number, rules: DlpDryRunRule[]) {
    const [row] = await db
      .insert(dlpDryRuns)
      .values({
        id,
        organizationId,
        days,
        rules,
        scanFrom: sql`now() - make_interval(days => ${days})`,
        scanTo: sql`now()`,
      })
      .returning();
    return row!;
  },

  /** Keeps an organization's `keep` newest finished dry runs, deleting the older ones. */
  async pruneFinished(db: Executor, organizationId: string, keep: number): Promise<void> {
    const newest = db
      .select({ id: dlpDryRuns.id })
      .from(dlpDryRuns)
      .where(eq(dlpDryRuns.organizationId, organizationId))
      .orderBy(desc(dlpDryRuns.createdAt))
      .limit(keep);
    await db
      .delete(dlpDryRuns)
      .where(
        and(
          eq(dlpDryRuns.organizationId, organizationId),
          notInArray(dlpDryRuns.status, LIVE),
          notInArray(dlpDryRuns.id, newest),
        ),
      );
  },

  async get(db: Executor, organizationId: string, id: string): Promise<DlpDryRunRow | null> {
    const [row] = await db.select().from(dlpDryRuns).where(ofOrganization(organizationId, id));
    return row ?? null;
  },

  /** Moves a live dry run to running with the size of its window (kept from an earlier delivery); null if not live. */
  async start(db: Executor, organizationId: string, id: string, total: number): Promise<DlpDryRunRow | null> {
    const [row] = await db
      .update(dlpDryRuns)
      .set({ status: 'running', total: sql`coalesce(${dlpDryRuns.total}, ${total})`, updatedAt: sql`now()` })
      .where(and(ofOrganization(organizationId, id), inArray(dlpDryRuns.status, LIVE)))
      .returning();
    return row ?? null;
  },

  /**
   * Adds a batch to a running dry run, only if its cursor is still `from` (null: the start): a second delivery
   * of the job that got there first wins, and this one's write is refused (false) rather than counted twice.
   */
  async addBatch(db: Executor, organizationId: string, id: string, from: ScanCursor | null, batch: DryRunBatch) {
    const rows = await db
      .update(dlpDryRuns)
      .set({
        scanned: sql`${dlpDryRuns.scanned} + ${batch.scanned}`,
        blocked: sql`${dlpDryRuns.blocked} + ${batch.blocked}`,
        examples: sql`${dlpDryRuns.examples} || ${JSON.stringify(batch.examples)}::jsonb`,
        progress: batch.progress,
        cursorAt: batch.cursor.at,
        cursorId: batch.cursor.id,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          ofOrganization(organizationId, id),
          eq(dlpDryRuns.status, 'running'),
          from ? eq(dlpDryRuns.cursorId, from.id) : sql`${dlpDryRuns.cursorId} is null`,
        ),
      )
      .returning({ id: dlpDryRuns.id });
    return rows.length > 0;
  },

  async complete(db: Executor, organizationId: string, id: string, truncated: boolean): Promise<void> {
    await db
      .update(dlpDryRuns)
      .set({ status: 'completed', progress: 100, truncated, completedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(ofOrganization(organizationId, id), eq(dlpDryRuns.status, 'running')));
  },

  /** Ends a live dry run failed (its job died). */
  async fail(db: Executor, organizationId: string, id: string): Promise<void> {
    await db
      .update(dlpDryRuns)
      .set({ status: 'failed', completedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(ofOrganization(organizationId, id), inArray(dlpDryRuns.status, LIVE)));
  },

  /** User messages in the dry run's window, at most `cap` + 1 counted (enough to tell it was truncated). */
  async countMessages(db: Executor, organizationId: string, run: DlpDryRunRow, cap: number): Promise<number> {
    const window = db
      .select({ id: messages.id })
      .from(messages)
      .where(inWindow(organizationId, run))
      .limit(cap + 1)
      .as('window');
    const [row] = await db.select({ n: count() }).from(window);
    return row?.n ?? 0;
  },

  /** The next `limit` user messages of the window after `cursor`, newest first (keyset on created_at, id). */
  messages: (db: Executor, organizationId: string, run: DlpDryRunRow, cursor: ScanCursor | null, limit: number) =>
    db
      .select({
        id: messages.id,
        threadId: messages.threadId,
        content: messages.content,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          inWindow(organizationId, run),
          cursor
            ? sql`(${messages.createdAt}, ${messages.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit),
};
