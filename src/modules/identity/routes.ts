import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/auth/guard.ts';
import type { KeyRow } from '../../platform/auth/store.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { IdentitySchema, MintBody, RenewBody, SessionSchema } from './schemas.ts';
import type { IdentityService } from './service.ts';

const tags = ['Sessions and identity'];

function mintingKeyOf(request: FastifyRequest): KeyRow {
  if (!request.mintingKey) throw new Error('mintingKey guard missing');
  return request.mintingKey;
}

export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/auth/sessions', {
    config: { auth: 'mintingKey' },
    schema: {
      tags,
      summary: 'Mint an 8-hour session token for a user (API key + email + password)',
      body: MintBody,
      response: {
        200: SessionSchema,
        ...errorResponses('mintingKey', { 403: ['no_console_role'], 429: ['rate_limited'], 503: ['server_busy'] }),
      },
    },
    handler: (req) => identity.mint(mintingKeyOf(req), req.body.email, req.body.password, req.ip),
  });

  r.post('/v1/auth/sessions/renew', {
    config: { auth: 'mintingKey' },
    schema: {
      tags,
      summary: 'Renew a session token issued within the last 7 days (it may have expired)',
      body: RenewBody,
      response: {
        200: SessionSchema,
        ...errorResponses('mintingKey', { 401: ['renew_window_expired'], 403: ['no_console_role'] }),
      },
    },
    handler: (req) => identity.renew(mintingKeyOf(req), req.body.token),
  });

  r.get('/v1/auth/identity', {
    config: { auth: 'any' },
    schema: { tags, summary: 'Who the credential is', response: { 200: IdentitySchema, ...errorResponses('any') } },
    handler: (req) => identity.identity(contextOf(req)),
  });
}
