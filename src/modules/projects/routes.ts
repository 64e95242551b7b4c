import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, type RouteErrorCodes, uuidParam } from '../../platform/http/openapi.ts';
import { pageSchema } from '../../platform/http/pagination.ts';
import {
  CreateProjectBody,
  PatchProjectBody,
  ProjectListQuery,
  ProjectListRowSchema,
  ProjectSchema,
} from './schemas.ts';
import type { ProjectsService } from './service.ts';

const tags = ['Projects'];
const params = z.object({ id: uuidParam });
const config = { auth: 'any' } as const;
const projectErrors = (own: RouteErrorCodes = {}) => errorResponses('any', own);
/** Changes take the project admin role. */
const adminErrors = (own: RouteErrorCodes = {}) => projectErrors({ 403: ['forbidden'], 404: ['not_found'], ...own });

export function registerProjectRoutes(app: FastifyInstance, projects: ProjectsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/projects', {
    config,
    schema: {
      tags,
      summary: 'Projects the caller created or belongs to, newest first, with their aggregates',
      querystring: ProjectListQuery,
      response: { 200: pageSchema(ProjectListRowSchema), ...projectErrors() },
    },
    handler: (req) => projects.list(contextOf(req), req.query.is_archived, req.query.cursor, req.query.limit),
  });

  r.post('/v1/projects', {
    config,
    schema: {
      tags,
      summary: 'Create a project; the creator is its implicit admin',
      body: CreateProjectBody,
      response: { 201: ProjectSchema, ...projectErrors({ 409: ['duplicate_name'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await projects.create(contextOf(req), req.body)),
  });

  r.get('/v1/projects/:id', {
    config,
    schema: {
      tags,
      summary: 'Get a project the caller can see',
      params,
      response: { 200: ProjectSchema, ...projectErrors({ 404: ['not_found'] }) },
    },
    handler: (req) => projects.get(contextOf(req), req.params.id),
  });

  r.patch('/v1/projects/:id', {
    config,
    schema: {
      tags,
      summary: 'Rename, describe, archive or reactivate a project (project admins)',
      params,
      body: PatchProjectBody,
      response: { 200: ProjectSchema, ...adminErrors({ 409: ['duplicate_name'] }) },
    },
    handler: (req) => projects.update(contextOf(req), req.params.id, req.body),
  });

  r.delete('/v1/projects/:id', {
    config,
    schema: {
      tags,
      summary: 'Archive a project (project admins)',
      params,
      response: { 204: z.null().describe('Archived'), ...adminErrors() },
    },
    handler: async (req, reply) => {
      await projects.archive(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });
}
