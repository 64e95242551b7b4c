/** Catalog rows as the API shows them, for this part's component tests (never imported by the app). */
export const PROVIDER_ID = '0190a000-0000-7000-8000-0000000000b1';
export const FAMILY_ID = '0190a000-0000-7000-8000-0000000000f1';
export const OTHER_FAMILY_ID = '0190a000-0000-7000-8000-0000000000f2';
export const VERSION_ID = '0190a000-0000-7000-8000-0000000000e1';

const STAMP = '2030-01-01T00:00:00.000Z';

export const providerRow = (overrides: Record<string, unknown> = {}) => ({
  id: PROVIDER_ID,
  name: 'Local Ollama',
  slug: 'ollama',
  website: null,
  base_url: 'http://localhost:11434/v1',
  effective_base_url: 'http://localhost:11434/v1',
  has_api_key: true,
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});

export const familyRow = (overrides: Record<string, unknown> = {}) => ({
  id: FAMILY_ID,
  providerId: PROVIDER_ID,
  name: 'Llama',
  slug: 'llama',
  description: null,
  latestVersionId: null,
  isActive: true,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const versionRow = (overrides: Record<string, unknown> = {}) => ({
  id: VERSION_ID,
  familyId: FAMILY_ID,
  modelId: 'llama3.1:8b',
  version: '3.1-8b',
  displayName: 'Llama 3.1 8B',
  inputModalities: ['text'],
  outputModalities: ['text'],
  supportsToolUse: true,
  supportsStreaming: true,
  supportsStructuredOutput: false,
  supportsThinking: false,
  capabilities: {},
  contextWindow: 128000,
  maxOutputTokens: null,
  inputCostPer1m: 15,
  outputCostPer1m: 60,
  cachedInputCostPer1m: null,
  cacheCreationCostPer1m: null,
  audioCostPer1kMinutes: null,
  isActive: true,
  releasedAt: null,
  last_listed_at: null,
  upstream_deprecated: false,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});
