import type { FastifyInstance } from 'fastify';
import { registerThreadRoutes } from './routes.ts';
import { createThreadsService } from './service.ts';

/** Threads: who sees them (their owner, their project's members), lists, changes. */
export function createThreadsModule(deps: Parameters<typeof createThreadsService>[0]) {
  const service = createThreadsService(deps);
  return { service, routes: (app: FastifyInstance) => registerThreadRoutes(app, service) };
}
