import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AttachedContent } from '../../platform/attached-content.ts';
import type { Executor } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { artifacts } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';

export type ArtifactRow = typeof artifacts.$inferSelect;
export type NewArtifact = typeof artifacts.$inferInsert;

/** Every run's snapshot (each stream's first frame) lists these: prepared (platform/db/prepared.ts). */
const readyOfRun = prepared((db) =>
  db
    .select()
    .from(artifacts)
    .where(
      and(
        eq(artifacts.organizationId, sql.placeholder('organizationId')),
        eq(artifacts.runId, sql.placeholder('runId')),
        eq(artifacts.status, 'ready'),
      ),
    )
    .orderBy(asc(artifacts.createdAt), asc(artifacts.id))
    .prepare('artifacts_ready_of_run'),
);

export const artifactsStore = {
  /** Inserts unless a row with this id exists (a retried tool call); returns the row either way. */
  async insertOnce(db: Executor, values: NewArtifact & { organizationId: string }): Promise<ArtifactRow> {
    const [created] = await db
      .insert(artifacts)
      .values(values)
      .onConflictDoNothing({ target: artifacts.id })
      .returning();
    if (created) return created;
    const existing = await artifactsStore.find(db, values.organizationId, values.id);
    if (!existing) throw new Error(`Artifact id ${values.id} is taken by another organization`);
    return existing;
  },

  /** What a run's model reads of these attachments: their text (null when none), and their blob for images. */
  async attached(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, AttachedContent>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: artifacts.id,
        text: artifacts.content,
        mimeType: artifacts.mimeType,
        sizeBytes: artifacts.sizeBytes,
        storageKey: artifacts.storageKey,
      })
      .from(artifacts)
      .where(and(eq(artifacts.organizationId, organizationId), inArray(artifacts.id, ids)));
    return new Map(rows.map(({ id, ...content }) => [id, content]));
  },

  async find(db: Executor, organizationId: string, id: string): Promise<ArtifactRow | null> {
    const [row] = await db
      .select()
      .from(artifacts)
      .where(and(eq(artifacts.organizationId, organizationId), eq(artifacts.id, id)));
    return row ?? null;
  },

  /** A thread's ready artifacts, newest first, keyset on (created_at, id); fetches `limit + 1` rows. */
  listReady: (db: Executor, organizationId: string, threadId: string, cursor: Cursor | null, limit: number) =>
    db
      .select()
      .from(artifacts)
      .where(
        and(
          eq(artifacts.organizationId, organizationId),
          eq(artifacts.threadId, threadId),
          eq(artifacts.status, 'ready'),
          cursor
            ? sql`(${artifacts.createdAt}, ${artifacts.id}) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(artifacts.createdAt), desc(artifacts.id))
      .limit(limit + 1),

  /** ready → deleted; false when the row was not ready (already deleted, or gone). */
  /** What a run produced and still exists, oldest first (the run snapshot's list). */
  listReadyForRun: (db: Executor, organizationId: string, runId: string): Promise<ArtifactRow[]> =>
    readyOfRun(db).execute({ organizationId, runId }),

  async markDeleted(db: Executor, organizationId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(artifacts)
      .set({ status: 'deleted', updatedAt: sql`now()` })
      .where(and(eq(artifacts.organizationId, organizationId), eq(artifacts.id, id), eq(artifacts.status, 'ready')))
      .returning({ id: artifacts.id });
    return rows.length > 0;
  },
};
