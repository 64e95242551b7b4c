import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { projectFileChunks, projectFiles } from '../../platform/db/schema/index.ts';
import type { ProjectFileRow } from './files.store.ts';

/**
 * Chunk rows per INSERT: 6 bind parameters each (3,000 per statement, PostgreSQL allows 65,535) and at most about
 * 600 KB of text, so a statement stays small whatever the file's size.
 */
const CHUNKS_PER_INSERT = 500;

/** A file whose index is still to be written: committed (not deleted) and neither indexed nor failed. */
const beingIndexed = (organizationId: string, fileId: string) =>
  and(
    eq(projectFiles.organizationId, organizationId),
    eq(projectFiles.id, fileId),
    eq(projectFiles.status, 'ready'),
    inArray(projectFiles.indexStatus, ['pending', 'processing']),
  );

export interface IndexedText {
  content: string;
  extractor: string;
  extractorVersion: string;
  /** What the client should know about an index that is ready (the text was cut), or null. */
  note: string | null;
}

/** SQL of ingestion (the `project_file.ingest` job): the file's index state and its search chunks. */
export const ingestionStore = {
  /** pending → processing; false when the file is deleted, indexed or failed already (nothing to do). */
  async markProcessing(db: Executor, organizationId: string, fileId: string): Promise<boolean> {
    const rows = await db
      .update(projectFiles)
      .set({ indexStatus: 'processing', updatedAt: sql`now()` })
      .where(beingIndexed(organizationId, fileId))
      .returning({ id: projectFiles.id });
    return rows.length > 0;
  },

  /**
   * → ready with the text, in the caller's transaction, which then holds the row's lock; null when the file was
   * deleted or finished by another delivery meanwhile (then nothing else should be written).
   */
  async markIndexed(
    tx: Executor,
    organizationId: string,
    fileId: string,
    indexed: IndexedText,
  ): Promise<ProjectFileRow | null> {
    const [row] = await tx
      .update(projectFiles)
      .set({
        content: indexed.content,
        extractor: indexed.extractor,
        extractorVersion: indexed.extractorVersion,
        extractedAt: sql`now()`,
        indexStatus: 'ready',
        indexedAt: sql`now()`,
        error: indexed.note,
        updatedAt: sql`now()`,
      })
      .where(beingIndexed(organizationId, fileId))
      .returning();
    return row ?? null;
  },

  /** → failed with a reason for the client, unless the file was deleted or finished meanwhile. */
  async markFailed(db: Executor, organizationId: string, fileId: string, reason: string): Promise<void> {
    await db
      .update(projectFiles)
      .set({ indexStatus: 'failed', error: reason, updatedAt: sql`now()` })
      .where(beingIndexed(organizationId, fileId));
  },

  /** Replaces the file's chunks in the caller's transaction, in bounded statements. */
  async replaceChunks(
    tx: Executor,
    organizationId: string,
    file: Pick<ProjectFileRow, 'id' | 'projectId'>,
    chunks: readonly { id: string; content: string }[],
  ): Promise<void> {
    await tx
      .delete(projectFileChunks)
      .where(and(eq(projectFileChunks.organizationId, organizationId), eq(projectFileChunks.fileId, file.id)));
    for (let start = 0; start < chunks.length; start += CHUNKS_PER_INSERT) {
      await tx.insert(projectFileChunks).values(
        chunks.slice(start, start + CHUNKS_PER_INSERT).map((chunk, i) => ({
          id: chunk.id,
          organizationId,
          projectId: file.projectId,
          fileId: file.id,
          ordinal: start + i,
          content: chunk.content,
        })),
      );
    }
  },
};
