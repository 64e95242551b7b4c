import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { AdminOrganizationSchema, CreateOrganizationBody } from '../organizations/schemas.ts';
import type { OrganizationsService } from '../organizations/service.ts';
import { UserWithPasswordSchema } from '../users/schemas.ts';
import type { UsersService } from '../users/service.ts';
import { AdminCreateUserBody } from './schemas.ts';

const tags = ['Platform administration: organizations'];
const auth: AuthRequirement = { console: 'organizations' };

export function registerConsoleRoutes(
  app: FastifyInstance,
  deps: { organizations: OrganizationsService; users: Pick<UsersService, 'create'> },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { organizations, users } = deps;

  r.post('/v1/admin/organizations', {
    config: { auth },
    schema: {
      tags,
      summary: 'Create an organization, subscribed to the free plan, with no users',
      body: CreateOrganizationBody,
      response: { 201: AdminOrganizationSchema, ...errorResponses(auth, { 409: ['duplicate_name'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await organizations.create(req.body)),
  });

  for (const [action, suspended] of [
    ['suspend', true],
    ['unsuspend', false],
  ] as const) {
    r.post(`/v1/admin/organizations/:id/${action}`, {
      config: { auth },
      schema: {
        tags,
        summary: suspended
          ? 'Suspend an organization: its members get 403 org_suspended from their next request'
          : 'Lift a suspension',
        params: z.object({ id: uuidParam }),
        response: {
          200: AdminOrganizationSchema,
          ...errorResponses(auth, {
            404: ['not_found'],
            409: suspended
              ? ['already_suspended', 'organization_deleted', 'system_organization']
              : ['not_suspended', 'organization_deleted'],
          }),
        },
      },
      handler: (req) => organizations.setSuspended(req.params.id, suspended),
    });
  }

  r.post('/v1/admin/organizations/:id/users', {
    config: { auth },
    schema: {
      tags,
      summary: 'Create a user in an organization with a one-time temporary password',
      params: z.object({ id: uuidParam }),
      body: AdminCreateUserBody,
      response: {
        201: UserWithPasswordSchema,
        ...errorResponses(auth, {
          400: ['validation_error'],
          404: ['not_found'],
          409: ['duplicate_email', 'organization_deleted'],
        }),
      },
    },
    handler: async (req, reply) => {
      const org = await organizations.requireWritable(req.params.id);
      return reply.status(201).send(await users.create(org.id, org.isSystem, req.body));
    },
  });
}
