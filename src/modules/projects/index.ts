import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import type { InternalEvents } from '../../platform/events/internal.ts';
import type { ExtractLimits } from '../../platform/extract/index.ts';
import type { JobWakeups } from '../../platform/jobs/index.ts';
import type { BlobStorage } from '../../platform/storage/index.ts';
import { createEmbedding, EMBED_JOB, type EmbeddingModels } from './embedding.ts';
import { registerProjectFileRoutes } from './files.routes.ts';
import { createProjectFilesService } from './files.service.ts';
import { createIngestion, INGEST_JOB } from './ingestion.ts';
import { registerProjectMemberRoutes } from './members.routes.ts';
import { registerProjectRoutes } from './routes.ts';
import { createProjectSearch } from './search.ts';
import { createProjectsService } from './service.ts';

export { EMBED_JOB, INGEST_JOB };

/**
 * Projects, their members and files: upload, commit (which enqueues ingestion), download, search, and the
 * ingestion job that extracts, chunks and indexes a file.
 */
export function createProjectsModule(deps: {
  db: Executor;
  storage: BlobStorage;
  extractLimits: ExtractLimits;
  internalEvents: InternalEvents;
  wakeups: JobWakeups;
  /** The model gateway's embeddings: chunk vectors at ingestion, the query's at search. */
  models: EmbeddingModels;
}) {
  const service = createProjectsService(deps);
  const embedding = createEmbedding({
    db: deps.db,
    models: deps.models,
    onJobsEnqueued: () => deps.wakeups.wake(EMBED_JOB),
  });
  const files = createProjectFilesService({
    db: deps.db,
    storage: deps.storage,
    projects: service,
    search: createProjectSearch({ db: deps.db, models: deps.models, embedding }),
    onJobsEnqueued: () => deps.wakeups.wake(INGEST_JOB),
  });
  const ingestion = createIngestion({
    db: deps.db,
    storage: deps.storage,
    limits: deps.extractLimits,
    internalEvents: deps.internalEvents,
    afterIndexing: embedding.afterIndexing,
  });
  return {
    service,
    files,
    jobs: {
      handlers: { [INGEST_JOB]: ingestion.handler, [EMBED_JOB]: embedding.handler },
      onDead: { [INGEST_JOB]: ingestion.onDead },
    },
    routes(app: FastifyInstance) {
      registerProjectRoutes(app, service);
      registerProjectMemberRoutes(app, service);
      registerProjectFileRoutes(app, files);
    },
  };
}
