import type { Executor } from '../../platform/db/client.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { ModelCallContext } from '../../platform/models/index.ts';
import type { Embedding, EmbeddingModels } from './embedding.ts';
import { type SearchHitRow, searchStore as store } from './search.store.ts';

/** Whom a search's query embedding is charged to, beside the organization. */
export type SearchAttribution = Omit<ModelCallContext, 'organizationId'>;

const toHit = (h: SearchHitRow) => ({
  file_id: h.fileId,
  filename: h.filename,
  chunk_id: h.chunkId,
  snippet: h.snippet,
  rank: h.rank,
});

/**
 * Search in a project's files: full-text, or, when the organization has an embeddings model, full-text fused with
 * vector similarity by reciprocal rank fusion. The query's embedding is a model call like any other (retried,
 * usage recorded); when it fails after its retries the search answers by words alone. Never call this inside an
 * open transaction: the model call waits on a vendor.
 */
export function createProjectSearch(deps: { db: Executor; models: EmbeddingModels; embedding: Embedding }) {
  const { db, models } = deps;
  return async function searchProject(
    organizationId: string,
    projectId: string,
    query: string,
    limit: number,
    attribution: SearchAttribution = {},
  ) {
    const model = await models.embedder(organizationId);
    const fullText = async () => ({
      data: (await store.fullText(db, organizationId, projectId, query, limit)).map(toHit),
    });
    if (!model) return fullText();
    let vector: number[];
    try {
      const { embeddings, usage } = await models.embed({ model, texts: [query] });
      await models.recordUsage(db, { ...attribution, organizationId }, model, usage);
      vector = embeddings[0]!;
    } catch (error) {
      // A vendor that fails after its retries costs the search its vectors, not its answer.
      if (error instanceof ApiError && error.code === 'model_error') return fullText();
      throw error;
    }
    await deps.embedding.backfill(organizationId, projectId, model.versionId);
    const hits = await store.hybrid(db, organizationId, projectId, query, vector, model.versionId, limit);
    return { data: hits.map(toHit) };
  };
}

export type ProjectSearch = ReturnType<typeof createProjectSearch>;
