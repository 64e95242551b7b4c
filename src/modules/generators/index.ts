import { createGeneratorsService, type GeneratorsServiceDeps } from './service.ts';

/** The artifact generators have no routes: their files are reached through the artifacts module's. */
export function createGeneratorsModule(deps: GeneratorsServiceDeps) {
  return { service: createGeneratorsService(deps) };
}
