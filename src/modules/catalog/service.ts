import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { ModelCatalog } from '../../platform/models/types.ts';
import { createModelFamiliesService } from './families.service.ts';
import { createModelImportService } from './imports.service.ts';
import { createModelListing } from './listing/service.ts';
import { createAiProvidersService } from './providers.service.ts';
import { resolutionStore } from './resolution.store.ts';
import { createModelSelectionsService } from './selections.service.ts';
import { createModelSyncService } from './sync.service.ts';
import { createModelVersionsService } from './versions.service.ts';
import { versionsStore } from './versions.store.ts';

/**
 * The catalog's reads the model gateway resolves and connects with (usable versions, selections, provider
 * connections): composition hands it to createModelGateway as `catalog`. Stateless: every read takes its handle.
 */
export const modelCatalog: ModelCatalog = resolutionStore;

/** The model catalog: AI providers, their vendors' model listings, model families (categories) and versions. */
export function createCatalogService(deps: { db: Executor; secretBox: SecretBox; allowPrivateAddresses?: boolean }) {
  const providers = createAiProvidersService(deps);
  const listing = createModelListing({
    providers,
    trackedBy: (providerId, modelIds) => versionsStore.trackingFamilies(deps.db, providerId, modelIds),
    allowPrivateAddresses: deps.allowPrivateAddresses,
  });
  return {
    providers,
    families: createModelFamiliesService(deps),
    versions: createModelVersionsService(deps),
    listing,
    imports: createModelImportService({ db: deps.db, listing }),
    sync: createModelSyncService({ db: deps.db, providers, listing }),
    selections: createModelSelectionsService(deps),
    modelCatalog,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
