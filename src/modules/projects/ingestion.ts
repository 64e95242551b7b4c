import type { Executor } from '../../platform/db/client.ts';
import { isDeterministicDbError } from '../../platform/db/errors.ts';
import { type InternalEvents, projectFileEvent } from '../../platform/events/internal.ts';
import { chunkText } from '../../platform/extract/chunks.ts';
import {
  type Extracted,
  type ExtractLimits,
  extractText,
  MAX_EXTRACTED_CHARS,
  UnreadableFile,
  UnsupportedFileType,
} from '../../platform/extract/index.ts';
import { newId } from '../../platform/ids.ts';
import { type DeadJobHook, type JobHandler, PermanentJobError } from '../../platform/jobs/index.ts';
import type { BlobStorage } from '../../platform/storage/index.ts';
import { type ProjectFileRow, projectFilesStore } from './files.store.ts';
import { ingestionStore as store } from './ingestion.store.ts';

export const INGEST_JOB = 'project_file.ingest';

/** Longest error text kept on a file. */
const MAX_ERROR = 1000;

/** The `error` of a file indexed only in part: the index is ready, and this says what it lacks. */
const TRUNCATED_NOTE =
  `Only the first ${MAX_EXTRACTED_CHARS.toLocaleString('en-US')} characters of this file's text were indexed ` +
  'and kept as its content; the rest is not searchable.';

/** The `error` of a file whose ingestion job died: the cause is in the server log and the job's last error. */
const INGESTION_DIED = 'The file could not be indexed because of an internal error; it stays downloadable.';

type IngestPayload = { organizationId: string; fileId: string };

/**
 * The `project_file.ingest` job: extracts a committed file's text in a bounded worker thread, chunks it and
 * indexes the chunks, moving `index_status` pending → processing → ready | failed. Idempotent: a file already
 * indexed, failed or deleted is left alone, and chunks are replaced wholesale in the transaction that marks the
 * file ready. A file Atrium cannot read fails with its reason at once; storage and transient database errors are
 * retried by the queue; a database error that retrying cannot fix kills the job at once; and a dead job ends
 * the file `failed` (`onDead`, in the transaction that marks the job dead), so no file stays `processing`.
 */
export function createIngestion(deps: {
  db: Executor;
  storage: BlobStorage;
  limits: ExtractLimits;
  /** Where a file becoming ready is announced to event triggers, in the indexing transaction. */
  internalEvents: InternalEvents;
  /** Queues the vectors of the file's chunks, in the indexing transaction, when the organization has a model. */
  afterIndexing: (tx: Executor, organizationId: string, fileId: string) => Promise<void>;
}): {
  handler: JobHandler;
  onDead: DeadJobHook;
} {
  const { db, storage, limits } = deps;

  /** The file's text, or null once the file is marked failed because it cannot be read. */
  async function extract(file: ProjectFileRow, data: Buffer): Promise<Extracted | null> {
    try {
      return await extractText({ filename: file.filename, mimeType: file.mimeType, data }, limits);
    } catch (error) {
      if (!(error instanceof UnsupportedFileType || error instanceof UnreadableFile)) throw error;
      const reason =
        error instanceof UnreadableFile ? `Could not read ${file.filename}: ${error.reason}` : error.message;
      await store.markFailed(db, file.organizationId, file.id, reason.slice(0, MAX_ERROR));
      return null;
    }
  }

  async function index(organizationId: string, fileId: string, extracted: Extracted): Promise<void> {
    // PostgreSQL text cannot hold NUL characters, which some binary formats leave in their text.
    const text = extracted.text.replaceAll('\u0000', '');
    const chunks = chunkText(text).map((content) => ({ id: newId(), content }));
    await db.transaction(async (tx) => {
      const file = await store.markIndexed(tx, organizationId, fileId, {
        content: text,
        extractor: extracted.extractor,
        extractorVersion: extracted.extractorVersion,
        note: extracted.truncated ? TRUNCATED_NOTE : null,
      });
      if (!file) return;
      await store.replaceChunks(tx, organizationId, file, chunks);
      await deps.afterIndexing(tx, organizationId, fileId);
      await deps.internalEvents.emit(tx, organizationId, 'project_file.ready', projectFileEvent(file));
    });
  }

  return {
    async handler(job) {
      const { organizationId, fileId } = job.payload as IngestPayload;
      const file = await projectFilesStore.find(db, organizationId, fileId);
      if (!file || !(await store.markProcessing(db, organizationId, fileId))) return;
      const extracted = await extract(file, await storage.read(file.storageKey));
      if (!extracted) return;
      try {
        await index(organizationId, fileId, extracted);
      } catch (error) {
        throw isDeterministicDbError(error) ? new PermanentJobError(error) : error;
      }
    },

    async onDead(tx, job) {
      const { organizationId, fileId } = job.payload as IngestPayload;
      await store.markFailed(tx, organizationId, fileId, INGESTION_DIED);
    },
  };
}
