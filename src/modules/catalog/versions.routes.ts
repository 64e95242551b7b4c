import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import {
  CreateModelVersionBody,
  ListModelVersionsQuery,
  ModelVersionSchema,
  PatchModelVersionBody,
} from './versions.schemas.ts';
import type { ModelVersionsService } from './versions.service.ts';

const tags = ['Platform administration: model catalog'];
const auth: AuthRequirement = { console: 'ai-platform' };
const params = z.object({ id: uuidParam });
const conflicts = ['duplicate_version', 'model_already_tracked'] as const;

export function registerModelVersionRoutes(app: FastifyInstance, versions: ModelVersionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/admin/ai-model-versions', {
    config: { auth },
    schema: {
      tags,
      summary: 'List model versions, optionally of one family',
      querystring: ListModelVersionsQuery,
      response: { 200: z.object({ data: z.array(ModelVersionSchema) }), ...errorResponses(auth) },
    },
    handler: (req) => versions.list(req.query),
  });

  r.post('/v1/admin/ai-model-versions', {
    config: { auth },
    schema: {
      tags,
      summary: 'Add a version to a model family',
      body: CreateModelVersionBody,
      response: { 201: ModelVersionSchema, ...errorResponses(auth, { 409: conflicts }) },
    },
    handler: async (req, reply) => reply.status(201).send(await versions.create(req.body)),
  });

  r.get('/v1/admin/ai-model-versions/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Get a model version',
      params,
      response: { 200: ModelVersionSchema, ...errorResponses(auth, { 404: ['not_found'] }) },
    },
    handler: (req) => versions.get(req.params.id),
  });

  r.patch('/v1/admin/ai-model-versions/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Update a model version; nullable numbers accept null',
      params,
      body: PatchModelVersionBody,
      response: {
        200: ModelVersionSchema,
        ...errorResponses(auth, { 404: ['not_found'], 409: [...conflicts, 'version_in_use'] }),
      },
    },
    handler: (req) => versions.update(req.params.id, req.body),
  });

  r.delete('/v1/admin/ai-model-versions/:id', {
    config: { auth },
    schema: {
      tags,
      summary:
        'Delete a model version (refused while a family uses it as latest, an organization selects it or usage references it)',
      params,
      response: {
        204: z.null().describe('Deleted'),
        ...errorResponses(auth, { 404: ['not_found'], 409: ['version_in_use'] }),
      },
    },
    handler: async (req, reply) => {
      await versions.remove(req.params.id);
      return reply.status(204).send(null);
    },
  });
}
