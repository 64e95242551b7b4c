import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { SetPasswordBody, SystemUserSchema, UserWithPasswordSchema } from '../users/schemas.ts';
import type { UsersService } from '../users/service.ts';
import { consoleActing } from './acting.ts';
import { PatchSystemUserBody } from './schemas.ts';

const tags = ['Platform administration: console roles and system users'];
const auth: AuthRequirement = { console: 'access' };
const params = z.object({ id: uuidParam });

/** The people of the caller's own (system) organization: their console roles, suspension and passwords. */
export function registerSystemUserRoutes(app: FastifyInstance, users: UsersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = (req: Parameters<typeof contextOf>[0]) => contextOf(req).organizationId;

  r.get('/v1/admin/system-users', {
    config: { auth },
    schema: {
      tags,
      summary: 'Users of the system organization with their console role, by email',
      response: { 200: z.object({ data: z.array(SystemUserSchema) }), ...errorResponses(auth) },
    },
    handler: (req) => users.listSystemUsers(own(req)),
  });

  r.patch('/v1/admin/system-users/:id', {
    config: { auth },
    schema: {
      tags,
      summary: "Change a system user's console role or suspension",
      params,
      body: PatchSystemUserBody,
      response: {
        200: SystemUserSchema,
        ...errorResponses(auth, {
          400: ['validation_error'],
          404: ['not_found'],
          409: ['self_action_conflict', 'last_active_admin'],
        }),
      },
    },
    handler: async (req) => {
      await users.update(own(req), req.params.id, req.body, consoleActing(req));
      return users.getSystemUser(own(req), req.params.id);
    },
  });

  r.post('/v1/admin/system-users/:id/password', {
    config: { auth },
    schema: {
      tags,
      summary: 'Set a password, or omit it to generate one (returned once; null when supplied)',
      params,
      body: SetPasswordBody.nullish(),
      response: { 200: UserWithPasswordSchema, ...errorResponses(auth, { 404: ['not_found'] }) },
    },
    handler: (req) => users.setPassword(own(req), req.params.id, req.body?.password),
  });
}
