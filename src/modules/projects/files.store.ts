import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AttachedContent } from '../../platform/attached-content.ts';
import type { Executor } from '../../platform/db/client.ts';
import { projectFileChunks, projectFiles } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';

export type ProjectFileRow = typeof projectFiles.$inferSelect;
export type FileChanges = Partial<
  Pick<
    typeof projectFiles.$inferInsert,
    'status' | 'error' | 'content' | 'extractor' | 'extractorVersion' | 'extractedAt' | 'indexStatus' | 'indexedAt'
  >
>;

export const projectFilesStore = {
  async insert(db: Executor, values: typeof projectFiles.$inferInsert): Promise<void> {
    await db.insert(projectFiles).values(values);
  },

  /** What a run's model reads of these attachments: their text (null when none), and their blob for images. */
  async attached(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, AttachedContent>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: projectFiles.id,
        text: projectFiles.content,
        mimeType: projectFiles.mimeType,
        sizeBytes: projectFiles.sizeBytes,
        storageKey: projectFiles.storageKey,
      })
      .from(projectFiles)
      .where(and(eq(projectFiles.organizationId, organizationId), inArray(projectFiles.id, ids)));
    return new Map(rows.map(({ id, ...content }) => [id, content]));
  },

  async find(db: Executor, organizationId: string, fileId: string): Promise<ProjectFileRow | null> {
    const [row] = await db
      .select()
      .from(projectFiles)
      .where(and(eq(projectFiles.organizationId, organizationId), eq(projectFiles.id, fileId)));
    return row ?? null;
  },

  /**
   * Newest first, keyset on (created_at, id), `limit + 1` rows; `deleted` chooses between the deleted files and
   * all the others.
   */
  list: (
    db: Executor,
    organizationId: string,
    projectId: string,
    deleted: boolean,
    cursor: Cursor | null,
    limit: number,
  ) =>
    db
      .select()
      .from(projectFiles)
      .where(
        and(
          eq(projectFiles.organizationId, organizationId),
          eq(projectFiles.projectId, projectId),
          deleted ? eq(projectFiles.status, 'deleted') : ne(projectFiles.status, 'deleted'),
          cursor
            ? sql`(${projectFiles.createdAt}, ${projectFiles.id}) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(projectFiles.createdAt), desc(projectFiles.id))
      .limit(limit + 1),

  async update(db: Executor, organizationId: string, fileId: string, changes: FileChanges): Promise<ProjectFileRow> {
    const [row] = await db
      .update(projectFiles)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(projectFiles.organizationId, organizationId), eq(projectFiles.id, fileId)))
      .returning();
    return row!;
  },

  /** Moves pending → ready only if still pending: two commits racing leave one winner. */
  async markCommitted(db: Executor, organizationId: string, fileId: string): Promise<ProjectFileRow | null> {
    const [row] = await db
      .update(projectFiles)
      .set({ status: 'ready', indexStatus: 'pending', updatedAt: sql`now()` })
      .where(
        and(
          eq(projectFiles.organizationId, organizationId),
          eq(projectFiles.id, fileId),
          eq(projectFiles.status, 'pending'),
        ),
      )
      .returning();
    return row ?? null;
  },

  async deleteChunks(db: Executor, organizationId: string, fileId: string): Promise<void> {
    await db
      .delete(projectFileChunks)
      .where(and(eq(projectFileChunks.organizationId, organizationId), eq(projectFileChunks.fileId, fileId)));
  },
};
