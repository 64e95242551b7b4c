import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { registerDepartmentRoutes } from './routes.ts';
import { createDepartmentsService } from './service.ts';

/** Departments: an organization's tree of departments, to group people and costs by. */
export function createDepartmentsModule(deps: { db: Executor }) {
  const service = createDepartmentsService(deps);
  return { service, routes: (app: FastifyInstance) => registerDepartmentRoutes(app, service) };
}
