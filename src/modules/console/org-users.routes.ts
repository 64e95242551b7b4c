import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageWithTotalSchema } from '../../platform/http/pagination.ts';
import type { OrganizationsService } from '../organizations/service.ts';
import { ServiceAccountSchema } from '../service-accounts/schemas.ts';
import type { ServiceAccountsService } from '../service-accounts/service.ts';
import { SetPasswordBody, UserSchema, UserWithPasswordSchema } from '../users/schemas.ts';
import type { UsersService } from '../users/service.ts';
import { consoleActing } from './acting.ts';
import { AdminCreateUserBody, AdminPatchUserBody } from './schemas.ts';

const tags = ['Platform administration: organizations'];
const auth: AuthRequirement = { console: 'organizations' };
const orgParams = z.object({ id: uuidParam });
const userParams = z.object({ id: uuidParam, userId: uuidParam });

/** /v1/admin/organizations/:id/users and …/service-accounts: an organization's principals from the console. */
export function registerOrganizationUserRoutes(
  app: FastifyInstance,
  deps: {
    organizations: Pick<OrganizationsService, 'requireWritable' | 'requireExists'>;
    users: UsersService;
    serviceAccounts: Pick<ServiceAccountsService, 'listForOrganization'>;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { organizations, users, serviceAccounts } = deps;
  const notFoundOnly = errorResponses(auth, { 404: ['not_found'] });

  r.get('/v1/admin/organizations/:id/users', {
    config: { auth },
    schema: {
      tags,
      summary: "An organization's users sorted by email, all in one page, with the total",
      params: orgParams,
      response: {
        200: pageWithTotalSchema(UserSchema),
        ...notFoundOnly,
      },
    },
    handler: async (req) => {
      await organizations.requireExists(req.params.id);
      return users.listByEmail(req.params.id);
    },
  });

  r.post('/v1/admin/organizations/:id/users', {
    config: { auth },
    schema: {
      tags,
      summary: 'Create a user in an organization with a one-time temporary password',
      params: orgParams,
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

  r.get('/v1/admin/organizations/:id/users/:userId', {
    config: { auth },
    schema: {
      tags,
      summary: 'Get a user of the organization',
      params: userParams,
      response: { 200: UserSchema, ...notFoundOnly },
    },
    handler: (req) => users.getById(req.params.id, req.params.userId),
  });

  r.patch('/v1/admin/organizations/:id/users/:userId', {
    config: { auth },
    schema: {
      tags,
      summary: 'Update a user (strict); consoleRoleId only for system-organization users',
      params: userParams,
      body: AdminPatchUserBody,
      response: {
        200: UserSchema,
        ...errorResponses(auth, {
          400: ['validation_error'],
          404: ['not_found'],
          409: ['self_action_conflict', 'last_active_admin'],
        }),
      },
    },
    handler: (req) => users.update(req.params.id, req.params.userId, req.body, consoleActing(req)),
  });

  for (const [action, suspended] of [
    ['suspend', true],
    ['unsuspend', false],
  ] as const) {
    r.post(`/v1/admin/organizations/:id/users/:userId/${action}`, {
      config: { auth },
      schema: {
        tags,
        summary: suspended
          ? 'Suspend a user: their sessions stop at once'
          : 'Unsuspend a user (also when not suspended)',
        params: userParams,
        response: {
          200: UserSchema,
          ...errorResponses(auth, {
            404: ['not_found'],
            ...(suspended ? { 409: ['self_action_conflict', 'last_active_admin'] } : {}),
          }),
        },
      },
      handler: (req) => users.setSuspended(req.params.id, req.params.userId, suspended, consoleActing(req)),
    });
  }

  r.post('/v1/admin/organizations/:id/users/:userId/password', {
    config: { auth },
    schema: {
      tags,
      summary: 'Set a password, or omit it to generate one (returned once; null when supplied)',
      params: userParams,
      body: SetPasswordBody.nullish(),
      response: { 200: UserWithPasswordSchema, ...notFoundOnly },
    },
    handler: (req) => users.setPassword(req.params.id, req.params.userId, req.body?.password),
  });

  r.delete('/v1/admin/organizations/:id/users/:userId', {
    config: { auth },
    schema: {
      tags,
      summary: 'Soft-delete a user: gone from lists and sign-in',
      params: userParams,
      response: {
        204: z.null().describe('Deleted'),
        ...errorResponses(auth, { 404: ['not_found'], 409: ['self_action_conflict', 'last_active_admin'] }),
      },
    },
    handler: async (req, reply) => {
      await users.remove(req.params.id, req.params.userId, consoleActing(req));
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/admin/organizations/:id/service-accounts', {
    config: { auth },
    schema: {
      tags,
      summary: "An organization's service accounts",
      params: orgParams,
      response: { 200: z.object({ data: z.array(ServiceAccountSchema) }), ...notFoundOnly },
    },
    handler: async (req) => {
      await organizations.requireExists(req.params.id);
      return serviceAccounts.listForOrganization(req.params.id);
    },
  });
}
