import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageSchema } from '../../platform/http/pagination.ts';
import { CreateThreadBody, PatchThreadBody, ThreadListQuery, ThreadSchema, ThreadWithRunSchema } from './schemas.ts';
import type { ThreadsService } from './service.ts';

const tags = ['Threads'];
const params = z.object({ id: uuidParam });
const config = { auth: 'any' } as const;

export function registerThreadRoutes(app: FastifyInstance, threads: ThreadsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/threads', {
    config,
    schema: {
      tags,
      summary: 'Threads the caller can see, newest first',
      querystring: ThreadListQuery,
      response: { 200: pageSchema(ThreadSchema), ...errorResponses('any') },
    },
    handler: (req) => threads.list(contextOf(req), req.query),
  });

  r.post('/v1/threads', {
    config,
    schema: {
      tags,
      summary: 'Start a thread, optionally in a project or on behalf of an agent or workflow',
      body: CreateThreadBody,
      response: { 201: ThreadSchema, ...errorResponses('any', { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await threads.create(contextOf(req), req.body)),
  });

  r.get('/v1/threads/:id', {
    config,
    schema: {
      tags,
      summary: 'Get a thread with its active run',
      params,
      response: { 200: ThreadWithRunSchema, ...errorResponses('any', { 404: ['not_found'] }) },
    },
    handler: (req) => threads.get(contextOf(req), req.params.id),
  });

  r.patch('/v1/threads/:id', {
    config,
    schema: {
      tags,
      summary: 'Rename, move or pin a thread (its creator or a project admin); pinning keeps updated_at',
      params,
      body: PatchThreadBody,
      response: { 200: ThreadWithRunSchema, ...errorResponses('any', { 403: ['forbidden'], 404: ['not_found'] }) },
    },
    handler: (req) => threads.update(contextOf(req), req.params.id, req.body),
  });
}
