import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { enqueueRows, type JobHandler } from '../../platform/jobs/index.ts';
import { EMBED_BATCH_SIZE, type ModelGateway } from '../../platform/models/index.ts';
import { embeddingStore as store } from './embedding.store.ts';

export const EMBED_JOB = 'project_file.embed';
/** Files a search queues for embedding at most: the next searches queue the rest. */
const BACKFILL_FILES_PER_SEARCH = 20;

/** At most one embedding job ever per file and model: its dedupe key, over a file id in SQL. */
const jobKey = (fileId: SQL, modelId: string) => sql`${`${EMBED_JOB}:`} || ${fileId} || ${`:${modelId}`}`;

/** The embedding jobs of the files given as `file_id` by `files` (a `from …` clause aliased `f`), by one model. */
const embedJobs = (organizationId: string, modelId: string, files: SQL) =>
  enqueueRows({
    kind: EMBED_JOB,
    payload: sql`jsonb_build_object('organizationId', ${organizationId}::text, 'fileId', f.file_id::text,
      'modelId', ${modelId}::text)`,
    dedupeKey: jobKey(sql`f.file_id::text`, modelId),
    from: files,
  });

type EmbedPayload = { organizationId: string; fileId: string; modelId: string };

export type EmbeddingModels = Pick<ModelGateway, 'embedder' | 'embed' | 'recordUsage'>;

/**
 * The `project_file.embed` job: gives each chunk of an indexed file a vector from the organization's embeddings
 * model, one batch at a time, each batch's vectors stored with its usage event (charged to the uploader when a
 * person uploaded the file) in one transaction. Idempotent and resumable: only chunks without a vector of that
 * model are read, so a retry or a second delivery carries on where the last stopped. A job for a model that is no
 * longer the selection does nothing (the new model's own job, queued by ingestion or the search backfill, does the
 * work); a file that fails to embed stays searchable by its words.
 */
export function createEmbedding(deps: { db: Executor; models: EmbeddingModels; onJobsEnqueued?: () => void }) {
  const { db, models } = deps;

  const handler: JobHandler = async (job) => {
    const { organizationId, fileId, modelId } = job.payload as EmbedPayload;
    const model = await models.embedder(organizationId);
    if (model?.versionId !== modelId) return;
    const uploader = await store.uploaderOf(db, organizationId, fileId);
    if (!uploader) return;
    for (;;) {
      const batch = await store.pending(db, organizationId, fileId, modelId, EMBED_BATCH_SIZE);
      if (batch.length === 0) return;
      const { embeddings, usage } = await models.embed({ model, texts: batch.map((chunk) => chunk.content) });
      await db.transaction(async (tx) => {
        await store.store(
          tx,
          organizationId,
          modelId,
          batch.map((chunk, i) => ({ id: chunk.id, vector: embeddings[i]! })),
        );
        await models.recordUsage(tx, { organizationId, userId: uploader.userId }, model, usage);
      });
    }
  };

  return {
    handler,

    /** In ingestion's indexing transaction: the file's chunks get vectors when the organization has a model. */
    async afterIndexing(tx: Executor, organizationId: string, fileId: string): Promise<void> {
      const model = await models.embedder(organizationId, tx);
      if (model)
        await tx.execute(embedJobs(organizationId, model.versionId, sql`from (select ${fileId}::uuid as file_id) f`));
    },

    /**
     * Files indexed before the organization chose its current model get their vectors when the project is next
     * searched; until then they are found by their words only.
     */
    async backfill(organizationId: string, projectId: string, modelId: string): Promise<void> {
      const keyOf = (fileId: SQL) => jobKey(fileId, modelId);
      const files = await store.filesWithout(db, organizationId, projectId, modelId, keyOf, BACKFILL_FILES_PER_SEARCH);
      if (files.length === 0) return;
      const ids = sql`${`{${files.map((f) => f.fileId).join(',')}}`}::uuid[]`;
      await db.execute(embedJobs(organizationId, modelId, sql`from unnest(${ids}) as f(file_id)`));
      deps.onJobsEnqueued?.();
    },
  };
}

export type Embedding = ReturnType<typeof createEmbedding>;
