import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import type { AiProvidersService } from './providers.service.ts';
import { AiProviderSchema, CreateAiProviderBody, PatchAiProviderBody } from './schemas.ts';

const tags = ['Platform administration: model catalog'];
const auth: AuthRequirement = { console: 'ai-platform' };
const params = z.object({ id: uuidParam });

export function registerAiProviderRoutes(app: FastifyInstance, providers: AiProvidersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/admin/ai-providers', {
    config: { auth },
    schema: {
      tags,
      summary: 'List AI providers by name',
      response: { 200: z.object({ data: z.array(AiProviderSchema) }), ...errorResponses(auth) },
    },
    handler: () => providers.list(),
  });

  r.post('/v1/admin/ai-providers', {
    config: { auth },
    schema: {
      tags,
      summary: 'Add an AI provider (base_url required unless the slug is openai, anthropic or google)',
      body: CreateAiProviderBody,
      response: { 201: AiProviderSchema, ...errorResponses(auth, { 409: ['duplicate_slug'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await providers.create(req.body)),
  });

  r.get('/v1/admin/ai-providers/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Get an AI provider',
      params,
      response: { 200: AiProviderSchema, ...errorResponses(auth, { 404: ['not_found'] }) },
    },
    handler: (req) => providers.get(req.params.id),
  });

  r.patch('/v1/admin/ai-providers/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Update an AI provider; api_key null clears the key',
      params,
      body: PatchAiProviderBody,
      response: { 200: AiProviderSchema, ...errorResponses(auth, { 404: ['not_found'], 409: ['duplicate_slug'] }) },
    },
    handler: (req) => providers.update(req.params.id, req.body),
  });

  r.delete('/v1/admin/ai-providers/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Delete an AI provider (its slug becomes free)',
      params,
      response: { 204: z.null().describe('Deleted'), ...errorResponses(auth, { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => {
      await providers.remove(req.params.id);
      return reply.status(204).send(null);
    },
  });
}
