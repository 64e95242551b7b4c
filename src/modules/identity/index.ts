import type { FastifyInstance } from 'fastify';
import type { CredentialResolver } from '../../platform/auth/credentials.ts';
import type { SessionTokens } from '../../platform/auth/session-tokens.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { WindowCounters } from '../../platform/http/rate-limit-counters.ts';
import type { UsersService } from '../users/service.ts';
import { registerIdentityRoutes } from './routes.ts';
import { createIdentityService } from './service.ts';
import { createSignInLimits, type SignInLimitRules } from './sign-in-limits.ts';
import { registerWebSessionRoutes } from './web-session.routes.ts';
import { createWebSessionService } from './web-session.service.ts';

/**
 * Sign-in: sessions minted and renewed by API keys, the web app's cookie session, and the identity of any credential. Failed sign-ins count in
 * `counters` (Redis when configured), closed with the app.
 */
export function createIdentityModule(deps: {
  db: Executor;
  users: Pick<UsersService, 'findForSignIn' | 'getMe'>;
  tokens: SessionTokens;
  credentials: Pick<CredentialResolver, 'liveKeyByDigest' | 'resolve'>;
  counters: WindowCounters;
  signInRules: SignInLimitRules;
  clock: Clock;
}) {
  const signInLimits = createSignInLimits(deps.counters, deps.signInRules);
  const service = createIdentityService({ ...deps, signInLimits });
  const webSessions = createWebSessionService({ ...deps, identity: service, signInLimits });
  return {
    service,
    routes(app: FastifyInstance) {
      registerIdentityRoutes(app, service);
      registerWebSessionRoutes(app, webSessions, deps.users);
      app.addHook('onClose', () => deps.counters.close());
    },
  };
}
