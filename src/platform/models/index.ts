export { costMicroCents, MICRO_CENTS_PER_CENT, type ModelPrices } from './cost.ts';
export { createModelGateway, type ModelGatewayDeps } from './gateway.ts';
export {
  OFFLINE_CATALOG_ROWS,
  OFFLINE_EMBEDDINGS_MODEL_ID,
  OFFLINE_EMBEDDINGS_VERSION_ID,
  OFFLINE_FAMILY_ID,
  OFFLINE_MODEL,
  OFFLINE_MODEL_ID,
  OFFLINE_PROVIDER_ID,
  OFFLINE_PROVIDER_SLUG,
  OFFLINE_VERSION_ID,
} from './offline/catalog.ts';
export { createOfflineLanguageModel } from './offline/model.ts';
export { isUsableModel } from './resolve.ts';
export * from './types.ts';
