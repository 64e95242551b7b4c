import type { FastifyInstance } from 'fastify';
import type { JobLogger } from '../../platform/jobs/index.ts';
import { createTriggerEventHandler } from './events.ts';
import { TRIGGER_EVENT_JOB } from './events-listener.ts';
import { registerTriggerRoutes } from './routes.ts';
import { createTriggerScheduler } from './scheduler.ts';
import { createTriggersService, type TriggersServiceDeps } from './service.ts';
import { registerWebhookRoute } from './webhook.ts';

export { TRIGGER_EVENT_JOB, triggerEventListener } from './events-listener.ts';
export type { TriggerOwners } from './service.ts';

/**
 * The triggers area: CRUD and fire-now routes under agents and workflows, the signed webhook route, the
 * `trigger.event` job handler and the cron scheduler (started with the job worker in worker-role processes).
 */
export function createTriggersModule(deps: TriggersServiceDeps & { schedulerIntervalMs: number; log: JobLogger }) {
  const service = createTriggersService(deps);
  return {
    service,
    scheduler: createTriggerScheduler({ ...deps, intervalMs: deps.schedulerIntervalMs }),
    jobs: { handlers: { [TRIGGER_EVENT_JOB]: createTriggerEventHandler(deps) } },
    routes(app: FastifyInstance) {
      registerTriggerRoutes(app, service);
      registerWebhookRoute(app, deps);
    },
  };
}
