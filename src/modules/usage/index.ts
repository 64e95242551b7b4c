import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { registerUsageRoutes } from './routes.ts';
import { createUsageService } from './service.ts';

/** Usage reports: an organization's model spend over time and by model, agent, channel, department and user. */
export function createUsageModule(deps: { db: Executor }) {
  const service = createUsageService(deps);
  return { service, routes: (app: FastifyInstance) => registerUsageRoutes(app, service) };
}
