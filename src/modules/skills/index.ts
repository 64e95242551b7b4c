import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { registerSkillRoutes } from './routes.ts';
import { createSkillsService } from './service.ts';

/** Skills: the built-in ones (seeded at start-up) and the organization's own. */
export function createSkillsModule(deps: { db: Executor }) {
  const service = createSkillsService(deps);
  return { service, routes: (app: FastifyInstance) => registerSkillRoutes(app, service) };
}
