import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { registerBillingRoutes } from './routes.ts';
import { createBillingService } from './service.ts';

/** Billing: the plans (the billing issue adds wallets, limits and invoices). */
export function createBillingModule(deps: { db: Executor }) {
  const service = createBillingService(deps);
  return { service, routes: (app: FastifyInstance) => registerBillingRoutes(app, service) };
}
