import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import {
  CreateModelFamilyBody,
  DeleteModelFamilyOptions,
  ListModelFamiliesQuery,
  ModelFamilySchema,
  PatchModelFamilyBody,
} from './families.schemas.ts';
import type { ModelFamiliesService } from './families.service.ts';

const tags = ['Platform administration: model catalog'];
const auth: AuthRequirement = { console: 'ai-platform' };
const params = z.object({ id: uuidParam });

export function registerModelFamilyRoutes(app: FastifyInstance, families: ModelFamiliesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/admin/ai-model-families', {
    config: { auth },
    schema: {
      tags,
      summary: 'List model families (categories) by name, optionally of one provider',
      querystring: ListModelFamiliesQuery,
      response: { 200: z.object({ data: z.array(ModelFamilySchema) }), ...errorResponses(auth) },
    },
    handler: (req) => families.list(req.query),
  });

  r.post('/v1/admin/ai-model-families', {
    config: { auth },
    schema: {
      tags,
      summary: 'Add a model family; the slug of a deleted family of the provider revives it with its original id',
      body: CreateModelFamilyBody,
      response: { 201: ModelFamilySchema, ...errorResponses(auth, { 409: ['duplicate_slug'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await families.create(req.body)),
  });

  r.get('/v1/admin/ai-model-families/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Get a model family',
      params,
      response: { 200: ModelFamilySchema, ...errorResponses(auth, { 404: ['not_found'] }) },
    },
    handler: (req) => families.get(req.params.id),
  });

  r.patch('/v1/admin/ai-model-families/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Update a model family; latestVersionId must be one of its own versions or null',
      params,
      body: PatchModelFamilyBody,
      response: { 200: ModelFamilySchema, ...errorResponses(auth, { 404: ['not_found'], 409: ['duplicate_slug'] }) },
    },
    handler: (req) => families.update(req.params.id, req.body),
  });

  r.delete('/v1/admin/ai-model-families/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Delete a model family, or deactivate it and its versions with soft=true',
      params,
      querystring: DeleteModelFamilyOptions,
      body: DeleteModelFamilyOptions.nullish(),
      response: {
        200: z.object({ result: z.literal('deactivated') }),
        204: z.null().describe('Deleted'),
        ...errorResponses(auth, { 404: ['not_found'] }),
      },
    },
    handler: async (req, reply) => {
      const result = await families.remove(req.params.id, { ...req.query, ...(req.body ?? {}) });
      if (result === 'deactivated') return reply.status(200).send({ result: 'deactivated' });
      return reply.status(204).send(null);
    },
  });
}
