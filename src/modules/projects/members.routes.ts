import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, type RouteErrorCodes, uuidParam } from '../../platform/http/openapi.ts';
import { pageSchema } from '../../platform/http/pagination.ts';
import { AddMemberBody, PatchMemberBody, ProjectMemberSchema } from './schemas.ts';
import type { ProjectsService } from './service.ts';

const tags = ['Projects'];
const projectParams = z.object({ id: uuidParam });
const memberParams = z.object({ id: uuidParam, userId: uuidParam });
const config = { auth: 'any', validationStatus: 422 } as const;
const memberErrors = (own: RouteErrorCodes = {}) => errorResponses('any', { 404: ['not_found'], ...own });
/** Adding, changing a role and removing someone else take the project admin role. */
const changeErrors = (own: RouteErrorCodes = {}) => memberErrors({ 403: ['forbidden'], ...own });

export function registerProjectMemberRoutes(app: FastifyInstance, projects: ProjectsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/projects/:id/members', {
    config,
    schema: {
      tags,
      summary: 'Members of a project: the creator (implicit admin) first, then by time added',
      params: projectParams,
      response: { 200: pageSchema(ProjectMemberSchema), ...memberErrors() },
    },
    handler: (req) => projects.listMembers(contextOf(req), req.params.id),
  });

  r.post('/v1/projects/:id/members', {
    config,
    schema: {
      tags,
      summary:
        'Add a user (user_id) or a service account (service_account_id) of the organization to a project: exactly one (project admins)',
      params: projectParams,
      body: AddMemberBody,
      response: {
        201: ProjectMemberSchema,
        ...changeErrors({ 409: ['already_member'], 422: ['validation_error'] }),
      },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await projects.addMember(contextOf(req), req.params.id, req.body)),
  });

  r.patch('/v1/projects/:id/members/:userId', {
    config,
    schema: {
      tags,
      summary: "Change a member's project role; :userId is the member's user or service account id (project admins)",
      params: memberParams,
      body: PatchMemberBody,
      response: { 200: ProjectMemberSchema, ...changeErrors({ 422: ['validation_error'] }) },
    },
    handler: (req) => projects.setMemberRole(contextOf(req), req.params.id, req.params.userId, req.body.role),
  });

  r.delete('/v1/projects/:id/members/:userId', {
    config,
    schema: {
      tags,
      summary:
        "Remove a member (:userId is the member's user or service account id); anyone may remove themselves, others take the project admin role",
      params: memberParams,
      response: { 204: z.null().describe('Removed'), ...changeErrors() },
    },
    handler: async (req, reply) => {
      await projects.removeMember(contextOf(req), req.params.id, req.params.userId);
      return reply.status(204).send(null);
    },
  });
}
