import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageSchema } from '../../platform/http/pagination.ts';
import { CreateSkillBody, PatchSkillBody, SkillListQuery, SkillSchema } from './schemas.ts';
import type { SkillsService } from './service.ts';

const tags = ['Skills'];
const params = z.object({ id: uuidParam });
/** Any credential of the organization; field-level body failures are 422 as the spec's table lists. */
const config = { auth: 'any', validationStatus: 422 } as const;
const immutable = { 403: ['builtin_skill_immutable', 'forbidden'], 404: ['not_found'] } as const;

/** Skills: the built-in ones every organization sees, and the organization's own. */
export function registerSkillRoutes(app: FastifyInstance, skills: SkillsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/skills', {
    config,
    schema: {
      tags,
      summary: 'Built-in and organization skills, newest first (live ones unless isArchived=true)',
      querystring: SkillListQuery,
      response: { 200: pageSchema(SkillSchema), ...errorResponses('any') },
    },
    handler: (req) => skills.list(contextOf(req), req.query),
  });

  r.post('/v1/skills', {
    config,
    schema: {
      tags,
      summary: 'Create a skill of the organization (slug unique case-insensitively, built-in slugs reserved)',
      body: CreateSkillBody,
      response: { 201: SkillSchema, ...errorResponses('any', { 422: ['validation_error'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await skills.create(contextOf(req), req.body)),
  });

  r.get('/v1/skills/:id', {
    config,
    schema: {
      tags,
      summary: 'Get a skill of the organization or a built-in skill',
      params,
      response: { 200: SkillSchema, ...errorResponses('any', { 404: ['not_found'] }) },
    },
    handler: (req) => skills.get(contextOf(req), req.params.id),
  });

  r.patch('/v1/skills/:id', {
    config,
    schema: {
      tags,
      summary: 'Change a skill of the organization (null clears description, manifest, scripts); a new version',
      params,
      body: PatchSkillBody,
      response: { 200: SkillSchema, ...errorResponses('any', { ...immutable, 422: ['validation_error'] }) },
    },
    handler: (req) => skills.update(contextOf(req), req.params.id, req.body),
  });

  r.delete('/v1/skills/:id', {
    config,
    schema: {
      tags,
      summary: 'Archive a skill of the organization: excluded from lists by default and from new runs',
      params,
      response: { 204: z.null().describe('Archived'), ...errorResponses('any', immutable) },
    },
    handler: async (req, reply) => {
      await skills.archive(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });
}
