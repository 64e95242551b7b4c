import type { ResolvedModel } from '../types.ts';

/** Fixed ids: every installation has the same offline catalog rows, seeded idempotently at start-up. */
export const OFFLINE_PROVIDER_ID = '00000000-0000-7000-8000-0000000a7001';
export const OFFLINE_FAMILY_ID = '00000000-0000-7000-8000-0000000a7002';
export const OFFLINE_VERSION_ID = '00000000-0000-7000-8000-0000000a7003';
export const OFFLINE_EMBEDDINGS_FAMILY_ID = '00000000-0000-7000-8000-0000000a7004';
export const OFFLINE_EMBEDDINGS_VERSION_ID = '00000000-0000-7000-8000-0000000a7005';
export const OFFLINE_PROVIDER_SLUG = 'atrium';
export const OFFLINE_MODEL_ID = 'atrium-offline';
const PROVIDER_NAME = 'Atrium offline model';
const DISPLAY_NAME = 'Atrium offline model';
export const OFFLINE_EMBEDDINGS_MODEL_ID = 'atrium-offline-embeddings';

/** The platform default of last resort: used when no organization, system included, selected a model. */
export const OFFLINE_MODEL: ResolvedModel = Object.freeze({
  versionId: OFFLINE_VERSION_ID,
  modelId: OFFLINE_MODEL_ID,
  displayName: DISPLAY_NAME,
  providerId: OFFLINE_PROVIDER_ID,
  providerSlug: OFFLINE_PROVIDER_SLUG,
  providerName: PROVIDER_NAME,
  supportsToolUse: true,
  supportsStructuredOutput: true,
  inputModalities: ['text'],
  outputModalities: ['text'],
  offline: true,
  inputCostPer1m: 0,
  outputCostPer1m: 0,
  cachedInputCostPer1m: 0,
  cacheCreationCostPer1m: 0,
  contextWindow: null,
  maxOutputTokens: null,
  source: 'offline',
});

const freeOfCharge = { inputCostPer1m: 0, outputCostPer1m: 0, cachedInputCostPer1m: 0, cacheCreationCostPer1m: 0 };

/**
 * The offline model's catalog rows (provider; its `offline` family with the text model and its
 * `offline-embeddings` family with the hashing embedder, which an organization may select for `embeddings`), as
 * data: the catalog owns the tables and inserts them when absent at every start-up.
 */
export const OFFLINE_CATALOG_ROWS = {
  provider: {
    id: OFFLINE_PROVIDER_ID,
    name: PROVIDER_NAME,
    slug: OFFLINE_PROVIDER_SLUG,
    website: null,
    baseUrl: null,
    apiKeySealed: null,
  },
  families: [
    {
      id: OFFLINE_FAMILY_ID,
      providerId: OFFLINE_PROVIDER_ID,
      name: 'Atrium offline',
      slug: 'offline',
      description:
        "Atrium's built-in deterministic model: answers without any AI provider, so the service works before one is configured.",
      latestVersionId: OFFLINE_VERSION_ID,
      isActive: true,
    },
    {
      id: OFFLINE_EMBEDDINGS_FAMILY_ID,
      providerId: OFFLINE_PROVIDER_ID,
      name: 'Atrium offline embeddings',
      slug: 'offline-embeddings',
      description:
        "Atrium's built-in hashing embedder: vectors of a text's words and word parts, without any AI provider.",
      latestVersionId: OFFLINE_EMBEDDINGS_VERSION_ID,
      isActive: true,
    },
  ],
  versions: [
    {
      id: OFFLINE_VERSION_ID,
      familyId: OFFLINE_FAMILY_ID,
      modelId: OFFLINE_MODEL_ID,
      version: '1',
      displayName: DISPLAY_NAME,
      inputModalities: ['text'],
      outputModalities: ['text'],
      supportsToolUse: true,
      supportsStreaming: true,
      supportsStructuredOutput: true,
      supportsThinking: false,
      capabilities: {},
      ...freeOfCharge,
      isActive: true,
    },
    {
      id: OFFLINE_EMBEDDINGS_VERSION_ID,
      familyId: OFFLINE_EMBEDDINGS_FAMILY_ID,
      modelId: OFFLINE_EMBEDDINGS_MODEL_ID,
      version: '1',
      displayName: 'Atrium offline embeddings',
      inputModalities: ['text'],
      outputModalities: ['embeddings'],
      supportsToolUse: false,
      supportsStreaming: false,
      supportsStructuredOutput: false,
      supportsThinking: false,
      capabilities: {},
      ...freeOfCharge,
      isActive: true,
    },
  ],
};
