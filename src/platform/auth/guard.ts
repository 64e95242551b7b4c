import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, forbidden, unauthorized } from '../http/errors.ts';
import { type Actor, type ConsoleSection, consoleSectionsOf, type RequestContext } from './actor.ts';
import { type CredentialResolver, parseBearer } from './credentials.ts';
import type { KeyRow } from './store.ts';
import { webSessionToken } from './web-cookie.ts';

/**
 * Declared on each route as `config: { auth }`:
 * - public: no credential;
 * - mintingKey: an API key exactly (session mint/renew); JWTs get 401 api_key_required;
 * - any: any live credential of a live organization;
 * - session: a user session (JWT);
 * - orgAdmin: role admin; developer: a user with is_developer;
 * - { console: section }: can_access_console plus the section.
 */
export type AuthRequirement =
  | 'public'
  | 'mintingKey'
  | 'any'
  | 'session'
  | 'orgAdmin'
  | 'developer'
  | { console: ConsoleSection };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
    mintingKey: KeyRow | null;
  }
}

export const CONSOLE_DENIED = 'This requires platform console access';

function checkRequirement(requirement: AuthRequirement, actor: Actor): void {
  if (requirement === 'any') return;
  if (requirement === 'session') {
    if (actor.kind !== 'user') throw unauthorized('This route requires a user session token');
    return;
  }
  if (requirement === 'orgAdmin') {
    if (actor.role !== 'admin') throw forbidden('This requires the organization admin role');
    return;
  }
  if (requirement === 'developer') {
    if (actor.kind !== 'user' || !actor.isDeveloper) throw forbidden('This requires developer access');
    return;
  }
  if (typeof requirement === 'object' && !consoleSectionsOf(actor).includes(requirement.console)) {
    throw forbidden(CONSOLE_DENIED, 'admin_required');
  }
}

/**
 * One onRequest hook enforces every route's declared guard and builds the request context. The guard fails
 * closed: a /v1 route registered without an explicit `config.auth` stops the app from starting, so a forgotten
 * declaration can never serve a route publicly. Routes outside /v1 (documentation, health, signed blob URLs)
 * are public unless they declare otherwise.
 */
export function registerGuard(app: FastifyInstance, resolver: CredentialResolver): void {
  app.decorateRequest('ctx', null);
  app.decorateRequest('mintingKey', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/v1') && route.config?.auth === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no config.auth; every /v1 route must`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const requirement = request.routeOptions.config.auth ?? 'public';
    if (requirement === 'public') return;

    // A bearer header wins; without one, the web app's session cookie (only beside its custom header).
    const webToken = request.headers.authorization === undefined ? webSessionToken(request.headers) : null;
    const credential = webToken
      ? ({ type: 'jwt', token: webToken } as const)
      : parseBearer(request.headers.authorization);
    if (!credential) throw unauthorized();

    if (requirement === 'mintingKey') {
      if (credential.type === 'jwt') {
        throw new ApiError(401, 'api_key_required', 'Sessions are minted with an API key, not a session token');
      }
      request.mintingKey = await resolver.liveKey(credential.key);
      if (!request.mintingKey) throw unauthorized('Invalid credentials', 'invalid_credentials');
      return;
    }

    const resolved = await resolver.resolve(credential);
    if (!resolved) throw unauthorized('Invalid credentials', 'invalid_credentials');
    if (resolved.organizationBlocked) throw forbidden('Your organization is suspended', 'org_suspended');
    checkRequirement(requirement, resolved.actor);
    request.ctx = contextOfActor(resolved.actor, request.id);
  });
}

/** The request context of an authenticated actor: the guard's, and an open stream's when it re-checks. */
export const contextOfActor = (actor: Actor, requestId: string): RequestContext => ({
  actor,
  organizationId: actor.organizationId,
  requestId,
});

/** The context of a guarded route; calling it on a public route is a programming error. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new Error('contextOf() used on a route without an auth guard');
  return request.ctx;
}
