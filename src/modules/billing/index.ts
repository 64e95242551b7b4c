import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { registerPlanRoutes } from './plans.routes.ts';
import { createPlansService } from './plans.service.ts';
import { registerBillingProfileRoutes } from './profiles.routes.ts';
import { createBillingProfilesService } from './profiles.service.ts';
import { createBillingService } from './service.ts';
import { registerSubscriptionRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

/** Billing: plans (operators manage them), the organization's subscription and its billing profiles. */
export function createBillingModule(deps: { db: Executor }) {
  const service = createBillingService(deps);
  const plans = createPlansService(deps);
  const subscriptions = createSubscriptionsService(deps);
  const profiles = createBillingProfilesService(deps);
  return {
    service,
    routes(app: FastifyInstance) {
      registerPlanRoutes(app, plans);
      registerSubscriptionRoutes(app, subscriptions);
      registerBillingProfileRoutes(app, profiles);
    },
  };
}
