import { principalIdOf, type RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, conflict, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import { enqueue } from '../../platform/jobs/index.ts';
import { BlobNotFoundError, type BlobStorage, enqueueBlobDeletion } from '../../platform/storage/index.ts';
import { type ProjectFileRow, projectFilesStore as store } from './files.store.ts';
import { toFileListRow, toFileView } from './files.views.ts';
import { INGEST_JOB } from './ingestion.ts';
import type { ProjectSearch } from './search.ts';
import type { ProjectsService } from './service.ts';

export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 60 * 60;
/** How long an upload key outlives its URL: for a commit begun just before the expiry, and for clock skew. */
const UPLOAD_KEY_GRACE_MS = 5 * 60 * 1000;

type FileIdentity = Pick<ProjectFileRow, 'organizationId' | 'projectId' | 'id'>;
/** Where a file's bytes live once committed: no upload URL is ever signed for this key. */
const storedKey = (f: FileIdentity) => `organizations/${f.organizationId}/projects/${f.projectId}/files/${f.id}`;
/** Where the upload URL writes them, create-only; deleted by a job once the URL is dead. */
const uploadKey = (f: FileIdentity) => `organizations/${f.organizationId}/projects/${f.projectId}/uploads/${f.id}`;

const uploadIncomplete = (detail: string) => conflict('upload_incomplete', detail);

/**
 * Project files: signed-URL upload, commit (which queues ingestion), listing, download and deletion.
 *
 * An upload URL is single-use and dead after commit: it may only create the upload key (a replay meets the
 * blob and is refused), the commit copies the bytes to the stored key, and the upload key is kept until its URL
 * has expired. Downloads and ingestion read the stored key only, so deleting that blob ends every download URL.
 */
export function createProjectFilesService(deps: {
  db: Executor;
  storage: BlobStorage;
  projects: Pick<ProjectsService, 'visible'>;
  /** Full-text or hybrid search in a project's files (search.ts). */
  search: ProjectSearch;
  /** Called after a commit so an idle worker claims the ingestion job at once. */
  onJobsEnqueued?: () => void;
}) {
  const { db, storage, projects } = deps;

  /** A file of a project the caller can see; anything else is the same 404. */
  async function visibleFile(ctx: RequestContext, fileId: string): Promise<ProjectFileRow> {
    const file = await store.find(db, ctx.organizationId, fileId);
    if (!file) throw notFound('Project file');
    await projects.visible(ctx, file.projectId).catch((error: unknown) => {
      // The file of an invisible project is as missing as the project; any other failure stays what it is.
      throw error instanceof ApiError && error.status === 404 ? notFound('Project file') : error;
    });
    return file;
  }

  return {
    /** Attached files as a run's model reads them: the attachment was checked when its message was posted. */
    attached: (db: Executor, organizationId: string, ids: string[]) => store.attached(db, organizationId, ids),

    async requestUpload(
      ctx: RequestContext,
      projectId: string,
      input: { filename: string; mime_type: string; size_bytes: number },
    ) {
      const { project } = await projects.visible(ctx, projectId);
      const file = { organizationId: ctx.organizationId, projectId: project.id, id: newId() };
      const upload = await storage.createUploadUrl({
        key: uploadKey(file),
        contentType: input.mime_type,
        sizeBytes: input.size_bytes,
        expiresInSeconds: UPLOAD_URL_SECONDS,
      });
      await db.transaction(async (tx) => {
        await store.insert(tx, {
          ...file,
          filename: input.filename,
          mimeType: input.mime_type,
          sizeBytes: input.size_bytes,
          storageKey: storedKey(file),
          uploadedBy: principalIdOf(ctx),
          uploadExpiresAt: upload.expiresAt,
        });
        await enqueueBlobDeletion(tx, uploadKey(file), new Date(upload.expiresAt.getTime() + UPLOAD_KEY_GRACE_MS));
      });
      return { file_id: file.id, upload_url: upload.url, expires_at: upload.expiresAt.toISOString() };
    },

    /**
     * pending → ready once the upload is there with its declared size, copied to the stored key; ingestion is
     * queued in the same transaction.
     */
    async commit(ctx: RequestContext, fileId: string) {
      const file = await visibleFile(ctx, fileId);
      if (file.status !== 'pending') throw conflict('file_not_pending', `The file is ${file.status}, not pending`);
      const blob = await storage.stat(uploadKey(file));
      if (!blob) {
        throw uploadIncomplete('Nothing was uploaded to the upload URL, or it expired before the commit');
      }
      if (blob.sizeBytes !== file.sizeBytes) {
        throw uploadIncomplete(`The upload has ${blob.sizeBytes} bytes, ${file.sizeBytes} were declared`);
      }
      // Create-only, the upload key cannot change between the size check and this copy.
      await storage.copy(uploadKey(file), file.storageKey).catch((error: unknown) => {
        throw error instanceof BlobNotFoundError ? uploadIncomplete('The upload expired before the commit') : error;
      });
      const committed = await db.transaction(async (tx) => {
        const row = await store.markCommitted(tx, ctx.organizationId, fileId);
        if (!row) return null;
        await enqueue(tx, {
          kind: INGEST_JOB,
          payload: { organizationId: ctx.organizationId, fileId },
          dedupeKey: `${INGEST_JOB}:${fileId}`,
        });
        return row;
      });
      if (!committed) {
        // A delete that won may have removed the stored key before this copy landed: remove it again.
        const current = await store.find(db, ctx.organizationId, fileId);
        if (current?.status === 'deleted') await storage.delete(file.storageKey);
        throw conflict('file_not_pending', 'The file is no longer pending');
      }
      deps.onJobsEnqueued?.();
      return toFileView(committed);
    },

    async list(ctx: RequestContext, projectId: string, query: { is_deleted: boolean; cursor?: string; limit: number }) {
      await projects.visible(ctx, projectId);
      const cursor = decodeCursor(query.cursor);
      const rows = await store.list(db, ctx.organizationId, projectId, query.is_deleted, cursor, query.limit);
      return toPage(rows, query.limit, (r) => ({ v: r.createdAt.toISOString(), id: r.id }), toFileListRow);
    },

    get: async (ctx: RequestContext, fileId: string) => toFileView(await visibleFile(ctx, fileId)),

    async downloadUrl(ctx: RequestContext, fileId: string) {
      const file = await visibleFile(ctx, fileId);
      if (file.status === 'pending' || file.status === 'deleted') throw notFound('Project file');
      const url = await storage.createDownloadUrl({
        key: file.storageKey,
        expiresInSeconds: DOWNLOAD_URL_SECONDS,
        filename: file.filename,
        contentType: file.mimeType,
      });
      return { download_url: url.url, expires_at: url.expiresAt.toISOString() };
    },

    /**
     * Hidden from the default list and from search, and its stored blob deleted: at once, so that the 204 means
     * download URLs are dead, and by a job queued with the change, in case this process stops or storage fails
     * first. The upload key goes with its own job, after its URL.
     */
    async remove(ctx: RequestContext, fileId: string) {
      const file = await visibleFile(ctx, fileId);
      if (file.status === 'deleted') throw notFound('Project file');
      await db.transaction(async (tx) => {
        await store.update(tx, ctx.organizationId, fileId, { status: 'deleted' });
        await store.deleteChunks(tx, ctx.organizationId, fileId);
        await enqueueBlobDeletion(tx, file.storageKey);
      });
      deps.onJobsEnqueued?.();
      await storage.delete(file.storageKey).catch(() => {
        // The job queued above retries it.
      });
    },

    async search(ctx: RequestContext, projectId: string, query: string, limit: number) {
      await projects.visible(ctx, projectId);
      return deps.search(ctx.organizationId, projectId, query, limit, {
        userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      });
    },

    /**
     * The same search without a request: for a run's search tool, whose thread already settled which project it
     * may read.
     */
    searchProject: deps.search,
  };
}

export type ProjectFilesService = ReturnType<typeof createProjectFilesService>;
