import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageQuery, pageSchema } from '../../platform/http/pagination.ts';
import {
  ApiKeySchema,
  CreateApiKeyBody,
  CreateServiceAccountBody,
  IssuedApiKeySchema,
  PatchServiceAccountBody,
  ServiceAccountSchema,
} from './schemas.ts';
import type { ServiceAccountsService } from './service.ts';

const tags = ['Service accounts and API keys'];
const accountParams = z.object({ id: uuidParam });
const keyParams = z.object({ id: uuidParam, keyId: uuidParam });
const config = { auth: 'developer', validationStatus: 422 } as const;

export function registerServiceAccountRoutes(app: FastifyInstance, accounts: ServiceAccountsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/service-accounts', {
    config,
    schema: {
      tags,
      summary: 'List service accounts, newest first',
      querystring: pageQuery(),
      response: { 200: pageSchema(ServiceAccountSchema), ...errorResponses('developer') },
    },
    handler: (req) => accounts.list(contextOf(req), req.query.cursor, req.query.limit),
  });

  r.post('/v1/service-accounts', {
    config,
    schema: {
      tags,
      summary: 'Create a service account',
      body: CreateServiceAccountBody,
      response: {
        201: ServiceAccountSchema,
        ...errorResponses('developer', { 403: ['forbidden_role'], 409: ['duplicate_name'], 422: ['validation_error'] }),
      },
    },
    handler: async (req, reply) => reply.status(201).send(await accounts.create(contextOf(req), req.body)),
  });

  r.get('/v1/service-accounts/:id', {
    config,
    schema: {
      tags,
      summary: 'Get a service account',
      params: accountParams,
      response: { 200: ServiceAccountSchema, ...errorResponses('developer', { 404: ['not_found'] }) },
    },
    handler: (req) => accounts.get(contextOf(req), req.params.id),
  });

  r.patch('/v1/service-accounts/:id', {
    config,
    schema: {
      tags,
      summary: 'Update a service account (strict); suspending stops all its keys and sessions at once',
      params: accountParams,
      body: PatchServiceAccountBody,
      response: {
        200: ServiceAccountSchema,
        ...errorResponses('developer', {
          403: ['forbidden_role'],
          404: ['not_found'],
          409: ['duplicate_name'],
          422: ['validation_error'],
        }),
      },
    },
    handler: (req) => accounts.update(contextOf(req), req.params.id, req.body),
  });

  r.delete('/v1/service-accounts/:id', {
    config,
    schema: {
      tags,
      summary: 'Delete a service account whose keys are all revoked',
      params: accountParams,
      response: {
        204: z.null().describe('Deleted'),
        ...errorResponses('developer', { 403: ['forbidden_role'], 404: ['not_found'], 409: ['has_live_keys'] }),
      },
    },
    handler: async (req, reply) => {
      await accounts.remove(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/service-accounts/:id/api-keys', {
    config,
    schema: {
      tags,
      summary: 'List the keys of a service account, active and revoked, newest first (never the plaintext)',
      params: accountParams,
      querystring: pageQuery(),
      response: { 200: pageSchema(ApiKeySchema), ...errorResponses('developer', { 404: ['not_found'] }) },
    },
    handler: (req) => accounts.listKeys(contextOf(req), req.params.id, req.query.cursor, req.query.limit),
  });

  r.post('/v1/service-accounts/:id/api-keys', {
    config,
    schema: {
      tags,
      summary: 'Issue an API key; the plaintext `key` is returned only here',
      params: accountParams,
      body: CreateApiKeyBody,
      response: {
        201: IssuedApiKeySchema,
        ...errorResponses('developer', {
          403: ['forbidden_role'],
          404: ['not_found'],
          409: ['service_account_suspended'],
          422: ['validation_error'],
        }),
      },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await accounts.issueKey(contextOf(req), req.params.id, req.body)),
  });

  r.delete('/v1/service-accounts/:id/api-keys/:keyId', {
    config,
    schema: {
      tags,
      summary: 'Revoke an API key: its next use, and every session it minted, gets 401',
      params: keyParams,
      response: {
        204: z.null().describe('Revoked'),
        ...errorResponses('developer', { 403: ['forbidden_role'], 404: ['not_found'] }),
      },
    },
    handler: async (req, reply) => {
      await accounts.revokeKey(contextOf(req), req.params.id, req.params.keyId);
      return reply.status(204).send(null);
    },
  });
}
