import type { FastifyInstance } from 'fastify';
import type { SessionTokens } from '../../platform/auth/session-tokens.ts';
import type { Clock } from '../../platform/clock.ts';
import type { WindowCounters } from '../../platform/http/rate-limit-counters.ts';
import type { UsersService } from '../users/service.ts';
import { registerIdentityRoutes } from './routes.ts';
import { createIdentityService } from './service.ts';
import { createSignInLimits, type SignInLimitRules } from './sign-in-limits.ts';

/**
 * Sign-in: sessions minted and renewed by API keys, and the identity of any credential. Failed sign-ins count in
 * `counters` (Redis when configured), closed with the app.
 */
export function createIdentityModule(deps: {
  users: Pick<UsersService, 'findForSignIn'>;
  tokens: SessionTokens;
  counters: WindowCounters;
  signInRules: SignInLimitRules;
  clock: Clock;
}) {
  const service = createIdentityService({
    users: deps.users,
    tokens: deps.tokens,
    signInLimits: createSignInLimits(deps.counters, deps.signInRules),
    clock: deps.clock,
  });
  return {
    service,
    routes(app: FastifyInstance) {
      registerIdentityRoutes(app, service);
      app.addHook('onClose', () => deps.counters.close());
    },
  };
}
