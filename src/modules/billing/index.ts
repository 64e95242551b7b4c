import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import { registerLimitsRoutes } from './limits.routes.ts';
import { createLimitsService } from './limits.service.ts';
import { registerPlanRoutes } from './plans.routes.ts';
import { createPlansService } from './plans.service.ts';
import { registerBillingProfileRoutes } from './profiles.routes.ts';
import { createBillingProfilesService } from './profiles.service.ts';
import { createBillingService } from './service.ts';
import { registerSubscriptionRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/**
 * Billing: plans (operators manage them), the organization's subscription, billing profiles, the wallet with its
 * ledger and spend limits.
 */
export function createBillingModule(deps: { db: Executor; clock: Clock }) {
  const plans = createPlansService(deps);
  const subscriptions = createSubscriptionsService(deps);
  const profiles = createBillingProfilesService(deps);
  const wallet = createWalletService(deps);
  const limits = createLimitsService({ ...deps, requireLiveOrganization: wallet.requireLiveOrganization });
  const service = {
    ...createBillingService(deps),
    wallet,
    limits,
    /** Run-start enforcement: the wallet and the limits covering a principal, spent and remaining. */
    spendStatus: limits.spendStatus,
  };
  return {
    service,
    routes(app: FastifyInstance) {
      registerPlanRoutes(app, plans);
      registerSubscriptionRoutes(app, subscriptions);
      registerBillingProfileRoutes(app, profiles);
      registerWalletRoutes(app, wallet);
      registerLimitsRoutes(app, limits);
    },
  };
}
