import type { FastifyInstance } from 'fastify';
import type { JobWakeups } from '../../platform/jobs/index.ts';
import { registerDlpDryRunRoutes } from './dry-run.routes.ts';
import { createDlpDryRuns, DLP_DRY_RUN_JOB } from './dry-run.service.ts';
import { registerDlpRoutes } from './routes.ts';
import { createDlpService, type DlpServiceDeps } from './service.ts';

/**
 * DLP rules, the check every user message passes, the test box and the dry runs (the `dlp.dry_run` job); its
 * worker threads close with the app.
 */
export function createDlpModule(deps: DlpServiceDeps & { wakeups: JobWakeups }) {
  const service = createDlpService(deps);
  const dryRuns = createDlpDryRuns(deps);
  return {
    service,
    jobs: { handlers: { [DLP_DRY_RUN_JOB]: dryRuns.handler }, onDead: { [DLP_DRY_RUN_JOB]: dryRuns.onDead } },
    routes(app: FastifyInstance) {
      registerDlpRoutes(app, service);
      registerDlpDryRunRoutes(app, dryRuns);
      app.addHook('onClose', () => service.close());
    },
  };
}
