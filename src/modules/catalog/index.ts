import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import { registerModelFamilyRoutes } from './families.routes.ts';
import { registerAvailableModelsRoute } from './listing/routes.ts';
import { registerAiProviderRoutes } from './providers.routes.ts';
import { registerModelSelectionRoutes } from './selections.routes.ts';
import { createCatalogService } from './service.ts';
import { registerModelSyncRoute } from './sync.routes.ts';
import { registerModelVersionRoutes } from './versions.routes.ts';

/**
 * The model catalog: its console routes (section ai-platform: providers, vendor listings, sync, families,
 * versions) and the organizations' picker and model selections. Its `modelCatalog` feeds the model gateway.
 */
export function createCatalogModule(deps: { db: Executor; secretBox: SecretBox; allowPrivateAddresses?: boolean }) {
  const service = createCatalogService(deps);
  return {
    service,
    /** The platform console's catalog routes (registered with the rest of /v1/admin). */
    adminRoutes(app: FastifyInstance) {
      registerAiProviderRoutes(app, service.providers);
      registerAvailableModelsRoute(app, service.listing);
      registerModelSyncRoute(app, service.sync);
      registerModelFamilyRoutes(app, service);
      registerModelVersionRoutes(app, service.versions);
    },
    routes: (app: FastifyInstance) => registerModelSelectionRoutes(app, service.selections),
  };
}
