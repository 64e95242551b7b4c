import type { FastifyInstance } from 'fastify';
import type { RunsService } from '../runs/service.ts';
import { registerAgentRoutes } from './routes.ts';
import { type AgentsServiceDeps, createAgentsService } from './service.ts';

/**
 * Agents: CRUD, and the answers other modules need of them (whether one may create a thread or take a run, what
 * a run of it needs). The run alias route starts runs through the runs service, given when routes register.
 */
export function createAgentsModule(deps: AgentsServiceDeps) {
  const service = createAgentsService(deps);
  return {
    service,
    routes: (app: FastifyInstance, { runs }: { runs: Pick<RunsService, 'startRun'> }) =>
      registerAgentRoutes(app, service, runs),
  };
}
