import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { registerUserRoutes } from './routes.ts';
import { createUsersService, type DepartmentCheck } from './service.ts';

/** Users: the caller's own profile, the lookup, and an organization admin's user management. */
export function createUsersModule(deps: { db: Executor; departments: DepartmentCheck }) {
  const service = createUsersService(deps);
  return { service, routes: (app: FastifyInstance) => registerUserRoutes(app, service) };
}
