import type { Executor } from '../../platform/db/client.ts';
import { emitInternalEvent, projectFileEvent } from '../../platform/events/internal.ts';
import { chunkText } from '../../platform/extract/chunks.ts';
import { extractText, UnsupportedFileType } from '../../platform/extract/index.ts';
import { newId } from '../../platform/ids.ts';
import type { JobHandler } from '../../platform/jobs/index.ts';
import type { BlobStorage } from '../../platform/storage/index.ts';
import { projectFilesStore as store } from './files.store.ts';

export const INGEST_JOB = 'project_file.ingest';

/** Longest error text kept on a file. */
const MAX_ERROR = 1000;

/**
 * Extracts a committed file's text, chunks it and indexes the chunks, moving `index_status` pending →
 * processing → ready | failed. Idempotent: a file already indexed or deleted is left alone, and chunks are
 * replaced wholesale. A file Atrium cannot read fails with its reason and is not retried; storage and
 * database errors throw, so the queue retries them.
 */
export function createIngestionHandler(deps: { db: Executor; storage: BlobStorage }): JobHandler {
  const { db, storage } = deps;
  return async (job) => {
    const { organizationId, fileId } = job.payload as { organizationId: string; fileId: string };
    const file = await store.find(db, organizationId, fileId);
    if (file?.status !== 'ready' || file.indexStatus === 'ready' || file.indexStatus === 'failed') return;
    await store.update(db, organizationId, fileId, { indexStatus: 'processing' });

    const data = await storage.read(file.storageKey);
    let extracted: Awaited<ReturnType<typeof extractText>>;
    try {
      extracted = await extractText({ filename: file.filename, mimeType: file.mimeType, data });
    } catch (error) {
      const reason =
        error instanceof UnsupportedFileType
          ? error.message
          : `Could not read ${file.filename}: ${(error as Error).message}`;
      await store.update(db, organizationId, fileId, { indexStatus: 'failed', error: reason.slice(0, MAX_ERROR) });
      return;
    }

    // PostgreSQL text cannot hold NUL characters, which some binary formats leave in their text.
    const text = extracted.text.replaceAll('\u0000', '');
    const chunks = chunkText(text).map((content) => ({ id: newId(), content }));
    await db.transaction(async (tx) => {
      await store.replaceChunks(tx, file, chunks);
      await store.update(tx, organizationId, fileId, {
        content: text,
        extractor: extracted.extractor,
        extractorVersion: extracted.extractorVersion,
        extractedAt: new Date(),
        indexStatus: 'ready',
        indexedAt: new Date(),
        error: null,
      });
      await emitInternalEvent(tx, organizationId, 'project_file.ready', projectFileEvent(file));
    });
  };
}
