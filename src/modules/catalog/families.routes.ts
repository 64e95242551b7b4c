import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import {
  CreateModelFamilyBody,
  DeleteModelFamilyOptions,
  FamilyUsageSchema,
  ImportVersionsBody,
  ListModelFamiliesQuery,
  ModelFamilySchema,
  PatchModelFamilyBody,
} from './families.schemas.ts';
import type { ModelFamiliesService } from './families.service.ts';
import type { ModelImportService } from './imports.service.ts';
import { ModelVersionSchema } from './versions.schemas.ts';

const tags = ['Platform administration: model catalog'];
const auth: AuthRequirement = { console: 'ai-platform' };
const params = z.object({ id: uuidParam });
const conflicts = ['duplicate_slug', 'model_already_tracked'] as const;

export function registerModelFamilyRoutes(
  app: FastifyInstance,
  { families, imports }: { families: ModelFamiliesService; imports: ModelImportService },
): void {
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
      summary:
        'Add a model family; the slug of a deleted or deactivated family of the provider revives it with its original id, unless another active family of the provider tracks one of its model ids',
      body: CreateModelFamilyBody,
      response: { 201: ModelFamilySchema, ...errorResponses(auth, { 409: conflicts }) },
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
      summary:
        'Update a model family; latestVersionId must be one of its own versions or null; it cannot become active on a provider where another active family tracks one of its model ids',
      params,
      body: PatchModelFamilyBody,
      response: { 200: ModelFamilySchema, ...errorResponses(auth, { 404: ['not_found'], 409: conflicts }) },
    },
    handler: (req) => families.update(req.params.id, req.body),
  });

  r.delete('/v1/admin/ai-model-families/:id', {
    config: { auth },
    schema: {
      tags,
      summary:
        "Delete a model family, moving organizations' selections to replacementFamilyId's latest version; with recorded usage or soft=true it and its versions are deactivated instead (200)",
      params,
      querystring: DeleteModelFamilyOptions,
      body: DeleteModelFamilyOptions.nullish(),
      response: {
        200: z.object({ result: z.literal('deactivated') }),
        204: z.null().describe('Deleted'),
        ...errorResponses(auth, { 404: ['not_found'], 409: ['family_in_use'] }),
      },
    },
    handler: async (req, reply) => {
      const result = await families.remove(req.params.id, { ...req.query, ...(req.body ?? {}) });
      if (result === 'deactivated') return reply.status(200).send({ result: 'deactivated' });
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/admin/ai-model-families/:id/usage', {
    config: { auth },
    schema: {
      tags,
      summary: "Organizations' selections of the family's versions, and whether usage was recorded against them",
      params,
      response: { 200: FamilyUsageSchema, ...errorResponses(auth, { 404: ['not_found'] }) },
    },
    handler: (req) => families.usage(req.params.id),
  });

  r.post('/v1/admin/ai-model-families/:id/import-versions', {
    config: { auth },
    schema: {
      tags,
      summary:
        "Import vendor models from the provider's available models as versions of the family, all or nothing (inactive unless isActive)",
      params,
      body: ImportVersionsBody,
      response: {
        201: z.object({ data: z.array(ModelVersionSchema) }),
        ...errorResponses(auth, {
          400: ['no_listing_integration'],
          404: ['not_found'],
          409: ['model_already_tracked', 'duplicate_version', 'no_api_key'],
          502: ['vendor_error'],
        }),
      },
    },
    handler: async (req, reply) => reply.status(201).send(await imports.importVersions(req.params.id, req.body)),
  });
}
