import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import type { OrganizationsService } from '../organizations/service.ts';
import { UserWithPasswordSchema } from '../users/schemas.ts';
import type { UsersService } from '../users/service.ts';
import { AdminCreateUserBody } from './schemas.ts';

const tags = ['Platform administration: organizations'];
const auth: AuthRequirement = { console: 'organizations' };

/** /v1/admin/organizations/:id/users: an organization's people, managed from the console. */
export function registerOrganizationUserRoutes(
  app: FastifyInstance,
  deps: { organizations: Pick<OrganizationsService, 'requireWritable'>; users: Pick<UsersService, 'create'> },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { organizations, users } = deps;

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
