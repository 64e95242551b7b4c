import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { registerOrganizationRoutes } from './routes.ts';
import { createOrganizationsService } from './service.ts';

/** Organizations: their records and state moves; GET/PATCH /v1/organization for the caller's own. */
export function createOrganizationsModule(deps: { db: Executor }) {
  const service = createOrganizationsService(deps);
  return { service, routes: (app: FastifyInstance) => registerOrganizationRoutes(app, service) };
}
