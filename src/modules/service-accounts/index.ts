import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { registerServiceAccountRoutes } from './routes.ts';
import { createServiceAccountsService } from './service.ts';

/** Service accounts and their API keys. */
export function createServiceAccountsModule(deps: { db: Executor }) {
  const service = createServiceAccountsService(deps);
  return { service, routes: (app: FastifyInstance) => registerServiceAccountRoutes(app, service) };
}
