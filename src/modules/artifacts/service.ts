import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { artifactEvent, type InternalEvents } from '../../platform/events/internal.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { isUuid } from '../../platform/ids.ts';
import type { BlobStorage } from '../../platform/storage/index.ts';
import { type ArtifactRow, artifactsStore as store } from './store.ts';
import { inferArtifactType } from './types.ts';
import { toArtifactView } from './views.ts';

export type { ArtifactRow } from './store.ts';

export const DOWNLOAD_URL_SECONDS = 60 * 60;
/** Largest file a run may store as one artifact; generators with bounded inputs stay far below it. */
export const MAX_ARTIFACT_BYTES = 25 * 1024 * 1024;

/**
 * What artifacts need from threads: the thread as the caller sees it, and a 404 when it is absent, in another
 * organization or not visible to the caller. The threads service provides it.
 */
export interface ThreadAccess {
  getVisible(
    ctx: RequestContext,
    threadId: string,
    db?: Executor,
  ): Promise<{ id: string; organizationId: string; projectId: string | null }>;
}

export interface CreateArtifactInput {
  organizationId: string;
  threadId: string;
  /**
   * Null for a file a person sent into the thread from outside the API (a Telegram photo or document): it lists
   * with the thread's files and can be attached, but is no run's output, so no snapshot or reply carries it.
   */
  runId: string | null;
  /**
   * The tool call's act: the artifact's id and blob key derive from it, so a retried call stores one artifact. A
   * file a person sent has an id its sender derives likewise from what it stores (a Telegram update).
   */
  actId: string;
  createdByTool: string | null;
  filename: string;
  mimeType: string;
  bytes: Buffer;
  title: string;
  description?: string | null;
  content?: string | null;
  code?: string | null;
  generator: string;
  generatorVersion: string | null;
  prompt?: string | null;
  model?: string | null;
}

/** The blob of the artifact made by an act: fixed by the act, so a retry overwrites rather than orphans. */
export const artifactStorageKey = (organizationId: string, threadId: string, actId: string) =>
  `organizations/${organizationId}/threads/${threadId}/artifacts/${actId}`;

/** Artifacts: files produced by runs, listed per thread and visible to whoever sees the thread. */
export function createArtifactsService(deps: {
  db: Executor;
  storage: BlobStorage;
  threads: ThreadAccess;
  /** Where a new artifact is announced to event triggers, in the engine's transaction. */
  internalEvents: InternalEvents;
}) {
  const { db, storage, threads } = deps;

  /** The thread as the caller sees it; invisible ones answer `what` not found. */
  async function visibleThread(ctx: RequestContext, threadId: string, what: string) {
    try {
      return await threads.getVisible(ctx, threadId, db);
    } catch (error) {
      throw error instanceof ApiError && error.status === 404 ? notFound(what) : error;
    }
  }

  /** A ready artifact of a thread the caller sees; deleted, missing, foreign and invisible are one 404. */
  async function visibleArtifact(ctx: RequestContext, artifactId: string): Promise<ArtifactRow> {
    const row = await store.find(db, ctx.organizationId, artifactId);
    if (row?.status !== 'ready') throw notFound('Artifact');
    await visibleThread(ctx, row.threadId, 'Artifact');
    return row;
  }

  return {
    async list(ctx: RequestContext, threadId: string, rawCursor: string | undefined, limit: number) {
      const thread = await visibleThread(ctx, threadId, 'Thread');
      const rows = await store.listReady(db, ctx.organizationId, thread.id, decodeCursor(rawCursor), limit);
      return toPage(rows, limit, (r) => ({ v: r.createdAt.toISOString(), id: r.id }), toArtifactView);
    },

    get: async (ctx: RequestContext, artifactId: string) => toArtifactView(await visibleArtifact(ctx, artifactId)),

    /** Attached artifacts as a run's model reads them: the attachment was checked when its message was posted. */
    attached: (ex: Executor, organizationId: string, ids: string[]) => store.attached(ex, organizationId, ids),

    async downloadUrl(ctx: RequestContext, artifactId: string) {
      const row = await visibleArtifact(ctx, artifactId);
      const url = await storage.createDownloadUrl({
        key: row.storageKey,
        expiresInSeconds: DOWNLOAD_URL_SECONDS,
        filename: row.filename,
        contentType: row.mimeType,
      });
      return { download_url: url.url, expires_at: url.expiresAt.toISOString() };
    },

    /** ready → deleted; the blob is kept (the spec's States table). */
    async remove(ctx: RequestContext, artifactId: string) {
      await visibleArtifact(ctx, artifactId);
      if (!(await store.markDeleted(db, ctx.organizationId, artifactId))) throw notFound('Artifact');
    },

    /** For the run snapshot, which has already checked the run's visibility. */
    listForRun: async (ex: Executor, organizationId: string, runId: string) =>
      (await store.listReadyForRun(ex, organizationId, runId)).map(toArtifactView),

    /**
     * Stores a file a run produced, for the run engine inside its transaction `tx`. The artifact's id is the act
     * id and its blob key derives from it: a tool call retried after a crash finds the row of the first attempt
     * (returned as is), or rewrites the same blob and inserts the one row (`ON CONFLICT (id) DO NOTHING`).
     */
    async createArtifact(tx: Executor, input: CreateArtifactInput): Promise<ArtifactRow> {
      if (!isUuid(input.actId)) throw new RangeError('actId must be a UUID');
      if (input.bytes.length > MAX_ARTIFACT_BYTES) {
        throw new RangeError(`An artifact holds at most ${MAX_ARTIFACT_BYTES} bytes, got ${input.bytes.length}`);
      }
      const existing = await store.find(tx, input.organizationId, input.actId);
      if (existing) return existing;
      const storageKey = artifactStorageKey(input.organizationId, input.threadId, input.actId);
      const { sizeBytes } = await storage.write(storageKey, input.bytes, { contentType: input.mimeType });
      const row = await store.insertOnce(tx, {
        id: input.actId,
        organizationId: input.organizationId,
        threadId: input.threadId,
        runId: input.runId,
        createdByTool: input.createdByTool,
        type: inferArtifactType(input.mimeType, input.filename),
        title: input.title,
        description: input.description ?? null,
        filename: input.filename,
        mimeType: input.mimeType,
        sizeBytes,
        storageKey,
        code: input.code ?? null,
        content: input.content ?? null,
        generator: input.generator,
        generatorVersion: input.generatorVersion,
        prompt: input.prompt ?? null,
        model: input.model ?? null,
      });
      await deps.internalEvents.emit(tx, row.organizationId, 'artifact.created', artifactEvent(row));
      return row;
    },
  };
}

export type ArtifactsService = ReturnType<typeof createArtifactsService>;
