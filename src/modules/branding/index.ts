import type { FastifyInstance } from 'fastify';
import { registerBrandingRoutes } from './routes.ts';
import { BRANDING_SWEEP_JOB, createBrandingService } from './service.ts';

/** Branding: an organization's colours, guidelines, logos and brand book, with the job that sweeps unused uploads. */
export function createBrandingModule(deps: Parameters<typeof createBrandingService>[0]) {
  const service = createBrandingService(deps);
  return {
    service,
    jobs: { handlers: { [BRANDING_SWEEP_JOB]: service.sweepUpload } },
    routes: (app: FastifyInstance) => registerBrandingRoutes(app, service),
  };
}
