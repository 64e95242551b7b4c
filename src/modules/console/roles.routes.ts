import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import type { ConsoleRolesService } from './roles.service.ts';
import { ConsoleRoleSchema, CreateConsoleRoleBody, PatchConsoleRoleBody } from './schemas.ts';

const tags = ['Platform administration: console roles and system users'];
const auth: AuthRequirement = { console: 'access' };
const params = z.object({ id: uuidParam });

export function registerConsoleRoleRoutes(app: FastifyInstance, roles: ConsoleRolesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/admin/console-roles', {
    config: { auth },
    schema: {
      tags,
      summary: 'List console roles with their sections and how many users hold each, by name',
      response: { 200: z.object({ data: z.array(ConsoleRoleSchema) }), ...errorResponses(auth) },
    },
    handler: () => roles.list(),
  });

  r.post('/v1/admin/console-roles', {
    config: { auth },
    schema: {
      tags,
      summary: 'Create a console role (at least one section)',
      body: CreateConsoleRoleBody,
      response: { 201: ConsoleRoleSchema, ...errorResponses(auth, { 409: ['duplicate_name'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await roles.create(req.body)),
  });

  r.patch('/v1/admin/console-roles/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Rename a console role or change its sections',
      params,
      body: PatchConsoleRoleBody,
      response: { 200: ConsoleRoleSchema, ...errorResponses(auth, { 404: ['not_found'], 409: ['duplicate_name'] }) },
    },
    handler: (req) => roles.update(req.params.id, req.body),
  });

  r.delete('/v1/admin/console-roles/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Delete a console role no user holds',
      params,
      response: {
        204: z.null().describe('Deleted'),
        ...errorResponses(auth, { 404: ['not_found'], 409: ['console_role_in_use'] }),
      },
    },
    handler: async (req, reply) => {
      await roles.remove(req.params.id);
      return reply.status(204).send(null);
    },
  });
}
