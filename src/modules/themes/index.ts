import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { ModelGateway } from '../../platform/models/index.ts';
import type { BlobStorage } from '../../platform/storage/index.ts';
import { registerAppearanceRoutes } from './appearance.routes.ts';
import { createAppearanceService, type LogoUrls } from './appearance.service.ts';
import { registerBackgroundRoutes } from './backgrounds.routes.ts';
import { BACKGROUND_SWEEP_JOB, createBackgroundsService } from './backgrounds.service.ts';
import { registerThemeColorRoutes } from './colors.routes.ts';
import { createThemeColorsService, type ThemeColorsDeps } from './colors.service.ts';
import { registerPublicThemeRoutes } from './public.routes.ts';
import { createPublishedThemesService } from './published.service.ts';
import { createThemesService } from './service.ts';
import { registerThemeRoutes } from './themes.routes.ts';

/**
 * Custom themes (CRUD, backgrounds), colour suggestions and derivation, the organization's appearance (allowed
 * palettes, default) and the public stylesheets and background images of every palette.
 */
export function createThemesModule(deps: {
  db: Executor;
  storage: BlobStorage;
  clock: Clock;
  baseUrl: () => string;
  gateway: Pick<ModelGateway, 'resolve' | 'generateObject' | 'recordUsage'>;
  billing: ThemeColorsDeps['billing'];
  /** The branding's logos (branding service `logoUrls`), shown by every member's app through the appearance. */
  logos: LogoUrls;
}) {
  const service = createThemesService(deps);
  const backgrounds = createBackgroundsService(deps);
  const appearance = createAppearanceService(deps);
  const published = createPublishedThemesService(deps);
  const colors = createThemeColorsService(deps);
  return {
    service,
    jobs: { handlers: { [BACKGROUND_SWEEP_JOB]: backgrounds.sweepHandler } },
    routes(app: FastifyInstance) {
      // The colour routes are static paths under /themes/: registered first only for readability of the document.
      registerThemeColorRoutes(app, colors);
      registerThemeRoutes(app, service);
      registerBackgroundRoutes(app, backgrounds);
      registerAppearanceRoutes(app, appearance);
      registerPublicThemeRoutes(app, published);
    },
  };
}
