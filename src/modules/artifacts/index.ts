import type { FastifyInstance } from 'fastify';
import { registerArtifactRoutes } from './routes.ts';
import { createArtifactsService } from './service.ts';

/** Files made by runs: their routes, and createArtifact for the engine's tools. */
export function createArtifactsModule(deps: Parameters<typeof createArtifactsService>[0]) {
  const service = createArtifactsService(deps);
  return { service, routes: (app: FastifyInstance) => registerArtifactRoutes(app, service) };
}
