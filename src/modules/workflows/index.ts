import type { FastifyInstance } from 'fastify';
import type { RunsService } from '../runs/service.ts';
import { createWorkflowExecutor } from './engine/drive.ts';
import { registerWorkflowRoutes } from './routes.ts';
import { createWorkflowsService, type WorkflowsServiceDeps } from './service.ts';

/**
 * Workflows: CRUD with definition validation, refinement, and the engine that drives workflow runs (the runs
 * module's job calls `executor` for them). The run route starts runs through the runs service, given when
 * routes register.
 */
export function createWorkflowsModule(deps: WorkflowsServiceDeps) {
  const service = createWorkflowsService(deps);
  return {
    service,
    executor: createWorkflowExecutor({ workflow: (org, id) => service.findForRun(org, id) }),
    routes: (app: FastifyInstance, { runs }: { runs: Pick<RunsService, 'startRun'> }) =>
      registerWorkflowRoutes(app, service, runs),
  };
}
