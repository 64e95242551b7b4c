import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseBearer } from '../../platform/auth/credentials.ts';
import { contextOf } from '../../platform/auth/guard.ts';
import {
  clearedSessionCookie,
  sentByWebApp,
  sessionCookie,
  WEB_HEADER,
  webSessionToken,
} from '../../platform/auth/web-cookie.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { UsersService } from '../users/service.ts';
import { MintBody, WebSessionRenewalSchema, WebSessionSchema } from './schemas.ts';
import type { WebSessionService } from './web-session.service.ts';

const tags = ['Web app session'];
const SESSION = '/web/session';
const headers = z.object({ [WEB_HEADER]: z.literal('1').describe('Sent by the web app on every request') });

/** Every /web route answers the web app only: a cross-site form cannot send the custom header. */
async function requireWebApp(request: FastifyRequest) {
  if (!sentByWebApp(request.headers)) {
    throw new ApiError(403, 'forbidden', 'This route is for the Atrium web app (send X-Atrium-Web: 1)');
  }
}

const secure = (request: FastifyRequest) => request.protocol === 'https';

function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * The web app's session: signed in with email and password, kept in an HttpOnly SameSite=Strict cookie that the
 * API accepts beside `X-Atrium-Web: 1`; the token never appears in a body. Same origin only (no CORS).
 */
export function registerWebSessionRoutes(
  app: FastifyInstance,
  webSessions: WebSessionService,
  users: Pick<UsersService, 'getMe'>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(SESSION, {
    config: { auth: 'public' },
    onRequest: requireWebApp,
    schema: {
      tags,
      summary: 'Sign in to the web app: sets the session cookie (HttpOnly), answers the user and the expiry',
      headers,
      body: MintBody,
      response: {
        200: WebSessionSchema,
        ...errorResponses('public', {
          401: ['invalid_credentials'],
          403: ['forbidden', 'user_suspended', 'org_suspended', 'no_console_role'],
          503: ['server_busy', 'web_sign_in_unavailable'],
        }),
      },
    },
    handler: async (req, reply) => {
      const session = await webSessions.signIn(req.body.email, req.body.password, req.ip, req.id);
      noStore(reply);
      reply.header('set-cookie', sessionCookie(session.token, session.expiresAt, secure(req)));
      return { user: session.user, expires_at: session.expiresAt.toISOString() };
    },
  });

  r.get(SESSION, {
    config: { auth: 'session' },
    onRequest: requireWebApp,
    schema: {
      tags,
      summary: 'The signed-in user and when the session expires',
      headers,
      response: { 200: WebSessionSchema, ...errorResponses('session', { 403: ['forbidden'] }) },
    },
    handler: async (req, reply) => {
      noStore(reply);
      // The token the guard authenticated: a bearer header wins over the cookie, as it does there.
      const bearer = parseBearer(req.headers.authorization);
      const token = bearer?.type === 'jwt' ? bearer.token : (webSessionToken(req.headers) ?? '');
      return webSessions.current(token, await users.getMe(contextOf(req)));
    },
  });

  r.post(`${SESSION}/renew`, {
    config: { auth: 'public' },
    onRequest: requireWebApp,
    schema: {
      tags,
      summary: 'Renew the session cookie before it expires (within the 7-day renew window)',
      headers,
      response: {
        200: WebSessionRenewalSchema,
        ...errorResponses('public', { 401: ['invalid_credentials', 'renew_window_expired'], 403: ['forbidden'] }),
      },
    },
    handler: async (req, reply) => {
      const renewed = await webSessions.renew(webSessionToken(req.headers));
      noStore(reply);
      reply.header('set-cookie', sessionCookie(renewed.token, renewed.expiresAt, secure(req)));
      return { expires_at: renewed.expiresAt.toISOString() };
    },
  });

  r.delete(SESSION, {
    config: { auth: 'public' },
    onRequest: requireWebApp,
    schema: {
      tags,
      summary: 'Sign out: revokes this session on the server and clears the cookie',
      headers,
      response: { 204: z.null().describe('Signed out'), ...errorResponses('public', { 403: ['forbidden'] }) },
    },
    handler: async (req, reply) => {
      await webSessions.signOut(webSessionToken(req.headers));
      reply.header('set-cookie', clearedSessionCookie(secure(req)));
      return reply.status(204).send(null);
    },
  });
}
