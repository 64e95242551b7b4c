import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageSchema } from '../../platform/http/pagination.ts';
import { ArtifactListQuery, ArtifactSchema, DownloadUrlSchema } from './schemas.ts';
import type { ArtifactsService } from './service.ts';

const tags = ['Artifacts'];
const params = z.object({ id: uuidParam });
const config = { auth: 'any' } as const;
const artifactErrors = () => errorResponses('any', { 404: ['not_found'] });

export function registerArtifactRoutes(app: FastifyInstance, artifacts: ArtifactsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/threads/:id/artifacts', {
    config,
    schema: {
      tags,
      summary: "A thread's ready artifacts, newest first",
      params,
      querystring: ArtifactListQuery,
      response: { 200: pageSchema(ArtifactSchema), ...artifactErrors() },
    },
    handler: (req) => artifacts.list(contextOf(req), req.params.id, req.query.cursor, req.query.limit),
  });

  r.get('/v1/artifacts/:id', {
    config,
    schema: {
      tags,
      summary: 'An artifact of a thread the caller can see',
      params,
      response: { 200: ArtifactSchema, ...artifactErrors() },
    },
    handler: (req) => artifacts.get(contextOf(req), req.params.id),
  });

  r.get('/v1/artifacts/:id/download', {
    config,
    schema: {
      tags,
      summary: "A download URL for the artifact's file, valid for 1 hour",
      params,
      response: { 200: DownloadUrlSchema, ...artifactErrors() },
    },
    handler: (req) => artifacts.downloadUrl(contextOf(req), req.params.id),
  });

  r.delete('/v1/artifacts/:id', {
    config,
    schema: {
      tags,
      summary: 'Delete an artifact: gone from the thread and from GET; its file is kept',
      params,
      response: { 204: z.null().describe('Deleted'), ...artifactErrors() },
    },
    handler: async (req, reply) => {
      await artifacts.remove(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });
}
