import type { FastifyInstance } from 'fastify';
import { registerModelFamilyRoutes } from './families.routes.ts';
import { registerAvailableModelsRoute } from './listing/routes.ts';
import { registerAiProviderRoutes } from './providers.routes.ts';
import type { CatalogService } from './service.ts';
import { registerModelSyncRoute } from './sync.routes.ts';
import { registerModelVersionRoutes } from './versions.routes.ts';

/** Every /v1/admin route of the model catalog (console section ai-platform). */
export function registerCatalogAdminRoutes(app: FastifyInstance, catalog: CatalogService): void {
  registerAiProviderRoutes(app, catalog.providers);
  registerAvailableModelsRoute(app, catalog.listing);
  registerModelSyncRoute(app, catalog.sync);
  registerModelFamilyRoutes(app, catalog);
  registerModelVersionRoutes(app, catalog.versions);
}
