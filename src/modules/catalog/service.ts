import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import { createModelFamiliesService } from './families.service.ts';
import { createModelListing } from './listing/service.ts';
import { createAiProvidersService } from './providers.service.ts';
import { createModelSelectionsService } from './selections.service.ts';
import { createModelVersionsService } from './versions.service.ts';

/** The model catalog: AI providers, their vendors' model listings, model families (categories) and versions. */
export function createCatalogService(deps: { db: Executor; secretBox: SecretBox }) {
  const providers = createAiProvidersService(deps);
  return {
    providers,
    families: createModelFamiliesService(deps),
    versions: createModelVersionsService(deps),
    listing: createModelListing({ providers }),
    selections: createModelSelectionsService(deps),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
