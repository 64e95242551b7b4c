import type { FastifyInstance } from 'fastify';
import { registerFeatureFlagRoutes } from './routes.ts';
import { createFeatureFlagsService } from './service.ts';

/** Feature flags: platform defaults and organization overrides, read by any credential, set by operators. */
export function createFeatureFlagsModule(deps: Parameters<typeof createFeatureFlagsService>[0]) {
  const service = createFeatureFlagsService(deps);
  return { service, routes: (app: FastifyInstance) => registerFeatureFlagRoutes(app, service) };
}
