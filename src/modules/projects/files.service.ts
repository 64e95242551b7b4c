import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, conflict, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueue } from '../../platform/jobs/index.ts';
import type { BlobStorage } from '../../platform/storage/index.ts';
import { type ProjectFileRow, projectFilesStore as store } from './files.store.ts';
import { toFileListRow, toFileView } from './files.views.ts';
import { INGEST_JOB } from './ingestion.ts';
import type { ProjectsService } from './service.ts';

export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 60 * 60;

/** Project files: signed-URL upload, commit (which queues ingestion), listing, download and deletion. */
export function createProjectFilesService(deps: {
  db: Executor;
  storage: BlobStorage;
  projects: Pick<ProjectsService, 'visible'>;
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

  async function searchProject(organizationId: string, projectId: string, query: string, limit: number, ex = db) {
    const hits = await store.search(ex, organizationId, projectId, query, limit);
    return {
      data: hits.map((h) => ({
        file_id: h.fileId,
        filename: h.filename,
        chunk_id: h.chunkId,
        snippet: h.snippet,
        rank: h.rank,
      })),
    };
  }

  return {
    async requestUpload(
      ctx: RequestContext,
      projectId: string,
      input: { filename: string; mime_type: string; size_bytes: number },
    ) {
      const { project } = await projects.visible(ctx, projectId);
      const fileId = newId();
      const key = `organizations/${ctx.organizationId}/projects/${project.id}/files/${fileId}`;
      const upload = await storage.createUploadUrl({
        key,
        contentType: input.mime_type,
        sizeBytes: input.size_bytes,
        expiresInSeconds: UPLOAD_URL_SECONDS,
      });
      await store.insert(db, {
        id: fileId,
        organizationId: ctx.organizationId,
        projectId: project.id,
        filename: input.filename,
        mimeType: input.mime_type,
        sizeBytes: input.size_bytes,
        storageKey: key,
        uploadedBy: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
        uploadExpiresAt: upload.expiresAt,
      });
      return { file_id: fileId, upload_url: upload.url, expires_at: upload.expiresAt.toISOString() };
    },

    /** pending → ready once the blob is there with its declared size; ingestion is queued in the same transaction. */
    async commit(ctx: RequestContext, fileId: string) {
      const file = await visibleFile(ctx, fileId);
      if (file.status !== 'pending') throw conflict('file_not_pending', `The file is ${file.status}, not pending`);
      const blob = await storage.stat(file.storageKey);
      if (!blob) throw conflict('upload_incomplete', 'Nothing was uploaded to the upload URL yet');
      if (blob.sizeBytes !== file.sizeBytes) {
        throw conflict('upload_incomplete', `The upload has ${blob.sizeBytes} bytes, ${file.sizeBytes} were declared`);
      }
      const committed = await db.transaction(async (tx) => {
        const row = await store.markCommitted(tx, ctx.organizationId, fileId);
        if (!row) throw conflict('file_not_pending', 'The file is no longer pending');
        await enqueue(tx, {
          kind: INGEST_JOB,
          payload: { organizationId: ctx.organizationId, fileId },
          dedupeKey: `${INGEST_JOB}:${fileId}`,
        });
        return row;
      });
      deps.onJobsEnqueued?.();
      return toFileView(committed);
    },

    async list(ctx: RequestContext, projectId: string, deleted: boolean) {
      await projects.visible(ctx, projectId);
      return { data: (await store.list(db, ctx.organizationId, projectId, deleted)).map(toFileListRow) };
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

    /** Hidden from the default list and from search; the blob is kept. */
    async remove(ctx: RequestContext, fileId: string) {
      const file = await visibleFile(ctx, fileId);
      if (file.status === 'deleted') throw notFound('Project file');
      await db.transaction(async (tx) => {
        await store.update(tx, ctx.organizationId, fileId, { status: 'deleted' });
        await store.deleteChunks(tx, fileId);
      });
    },

    async search(ctx: RequestContext, projectId: string, query: string, limit: number) {
      await projects.visible(ctx, projectId);
      return searchProject(ctx.organizationId, projectId, query, limit, db);
    },

    /**
     * The same search without a request: for a run's search tool, whose thread already settled which project it
     * may read. `ex` is the caller's transaction when it holds one.
     */
    searchProject,
  };
}

export type ProjectFilesService = ReturnType<typeof createProjectFilesService>;
