import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageQuery, pageSchema } from '../../platform/http/pagination.ts';
import {
  ChangePasswordBody,
  CreateUserBody,
  LookupQuery,
  LookupRowSchema,
  MeSchema,
  PatchMeBody,
  PatchUserBody,
  UserSchema,
  UserWithPasswordSchema,
} from './schemas.ts';
import type { ActingUser, UsersService } from './service.ts';

const tags = ['Users'];
const params = z.object({ userId: uuidParam });
const selfForbidden = () => forbidden('You cannot do this to your own user here', 'self_action_forbidden');

export function registerUserRoutes(app: FastifyInstance, users: UsersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const acting = (ctx: ReturnType<typeof contextOf>): ActingUser => ({
    userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
    selfError: selfForbidden(),
  });

  r.get('/v1/users/me', {
    config: { auth: 'session' },
    schema: {
      tags,
      summary: 'The signed-in user, with console role',
      response: { 200: MeSchema, ...errorResponses('session') },
    },
    handler: (req) => users.getMe(contextOf(req)),
  });

  r.patch('/v1/users/me', {
    config: { auth: 'session' },
    schema: {
      tags,
      summary: 'Update own names',
      body: PatchMeBody,
      response: { 200: UserSchema, ...errorResponses('session') },
    },
    handler: (req) => users.updateMe(contextOf(req), req.body),
  });

  r.post('/v1/users/me/password', {
    config: { auth: 'session' },
    schema: {
      tags,
      summary: 'Change own password (existing sessions stay valid)',
      body: ChangePasswordBody,
      response: { 204: z.null().describe('Password changed'), ...errorResponses('session') },
    },
    handler: async (req, reply) => {
      await users.changeMyPassword(contextOf(req), req.body.current_password, req.body.new_password);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/users/lookup', {
    config: { auth: 'any' },
    schema: {
      tags,
      summary: 'Find active users of the organization by name or email',
      querystring: LookupQuery,
      response: { 200: z.object({ data: z.array(LookupRowSchema) }), ...errorResponses('any') },
    },
    handler: async (req) => ({ data: await users.lookup(contextOf(req), req.query.search, req.query.limit) }),
  });

  r.get('/v1/users', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags,
      summary: 'List the users of the organization, newest first',
      querystring: pageQuery(),
      response: { 200: pageSchema(UserSchema), ...errorResponses('orgAdmin') },
    },
    handler: (req) => users.list(contextOf(req), req.query.cursor, req.query.limit),
  });

  r.post('/v1/users', {
    config: { auth: 'orgAdmin', validationStatus: 422 },
    schema: {
      tags,
      summary: 'Create a user with a one-time temporary password',
      body: CreateUserBody,
      response: {
        201: UserWithPasswordSchema,
        ...errorResponses('orgAdmin', {
          400: ['validation_error'],
          409: ['duplicate_email'],
          422: ['validation_error'],
        }),
      },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const created = await users.create(ctx.organizationId, ctx.actor.organizationIsSystem, req.body);
      return reply.status(201).send(created);
    },
  });

  r.get('/v1/users/:userId', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags,
      summary: 'Get a user of the organization',
      params,
      response: { 200: UserSchema, ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: (req) => users.getById(contextOf(req).organizationId, req.params.userId),
  });

  r.patch('/v1/users/:userId', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags,
      summary: 'Update a user of the organization (strict)',
      params,
      body: PatchUserBody,
      response: {
        200: UserSchema,
        ...errorResponses('orgAdmin', {
          400: ['validation_error'],
          403: ['self_action_forbidden'],
          404: ['not_found'],
          409: ['last_active_admin'],
        }),
      },
    },
    handler: (req) => {
      const ctx = contextOf(req);
      return users.update(ctx.organizationId, req.params.userId, req.body, acting(ctx));
    },
  });

  for (const [action, suspended] of [
    ['suspend', true],
    ['unsuspend', false],
  ] as const) {
    r.post(`/v1/users/:userId/${action}`, {
      config: { auth: 'orgAdmin' },
      schema: {
        tags,
        summary: suspended ? 'Suspend a user: their sessions stop at once' : 'Unsuspend a user',
        params,
        response: {
          200: UserSchema,
          ...errorResponses('orgAdmin', {
            403: ['self_action_forbidden'],
            404: ['not_found'],
            ...(suspended ? { 409: ['last_active_admin'] } : {}),
          }),
        },
      },
      handler: (req) => {
        const ctx = contextOf(req);
        return users.setSuspended(ctx.organizationId, req.params.userId, suspended, acting(ctx));
      },
    });
  }
}
