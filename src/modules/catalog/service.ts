import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import { createAiProvidersService } from './providers.service.ts';

/** The model catalog: AI providers now; model families and versions join it later. */
export function createCatalogService(deps: { db: Executor; secretBox: SecretBox }) {
  return { providers: createAiProvidersService(deps) };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
