import type { FastifyInstance } from 'fastify';
import { registerDlpRoutes } from './routes.ts';
import { createDlpService, type DlpServiceDeps } from './service.ts';

/** DLP rules and the check every user message passes; its worker threads close with the app. */
export function createDlpModule(deps: DlpServiceDeps) {
  const service = createDlpService(deps);
  return {
    service,
    routes(app: FastifyInstance) {
      registerDlpRoutes(app, service);
      app.addHook('onClose', () => service.close());
    },
  };
}
