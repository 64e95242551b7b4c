import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3, ImageModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import type { ResolvedModel } from './types.ts';
import { createVendorFetch } from './vendor-fetch.ts';
import { KNOWN_PROVIDER_BASE_URLS } from './vendor-urls.ts';

/** Where and with what a vendor is called; `apiKey` is the opened key, alive only for the call. */
export interface VendorConnection {
  baseUrl: string | null;
  apiKey: string | null;
  /** ATRIUM_ALLOW_PRIVATE_MODEL_URLS: false refuses addresses resolving to loopback, private or link-local ones. */
  allowPrivateAddresses: boolean;
  /** The most one answer may hold (the gateway's `maxResponseBytes`). */
  maxResponseBytes: number;
}

/** Slugs that must carry a key: their SDKs would otherwise read OPENAI_API_KEY / ANTHROPIC_API_KEY from the env. */
export const KEY_REQUIRED_SLUGS = new Set(['openai', 'anthropic', 'google']);

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The provider's API root: its own base_url, else the vendor's public address (the same rule as the catalog). */
export function effectiveBaseUrl(slug: string, baseUrl: string | null): string | null {
  const url = baseUrl ?? KNOWN_PROVIDER_BASE_URLS[slug] ?? null;
  return url === null ? null : trimSlash(url);
}

/** What every AI SDK provider is made with: the API root, the opened key, and the vendor fetch. */
function sdkSettings(model: ResolvedModel, connection: VendorConnection) {
  const baseURL = effectiveBaseUrl(model.providerSlug, connection.baseUrl);
  if (baseURL === null) throw new Error('provider has no base_url');
  const apiKey = connection.apiKey ?? undefined;
  const fetch = createVendorFetch(connection);
  return { baseURL, apiKey, fetch };
}

/**
 * The AI SDK model of a catalog version. `openai` speaks the Chat Completions API (`/chat/completions`, not the
 * Responses API); `anthropic` the Messages API; `google` the Gemini API's OpenAI-compatible endpoint under its
 * API root (`{base_url}/openai/chat/completions`); any other slug is OpenAI-compatible at
 * `{base_url}/chat/completions`, asking for usage in the stream. The SDKs never read the environment: the key
 * and the address are always passed. Every SDK fetches through the vendor fetch: redirects stay on the
 * provider's origin and, when configured, private addresses are refused at call time.
 */
export function vendorLanguageModel(model: ResolvedModel, connection: VendorConnection): LanguageModelV3 {
  const { baseURL, apiKey, fetch } = sdkSettings(model, connection);
  switch (model.providerSlug) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL, name: 'openai', fetch }).chat(model.modelId);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL, name: 'anthropic', fetch }).messages(model.modelId);
    case 'google':
      return createOpenAICompatible({
        name: 'google',
        baseURL: `${baseURL}/openai`,
        apiKey,
        fetch,
        includeUsage: true,
        supportsStructuredOutputs: true,
      }).chatModel(model.modelId);
    default:
      return createOpenAICompatible({
        name: model.providerSlug,
        baseURL,
        apiKey,
        fetch,
        includeUsage: true,
        supportsStructuredOutputs: true,
      }).chatModel(model.modelId);
  }
}

/** Anthropic has no embeddings API: a version of theirs selected for `embeddings` fails as a configuration error. */
export const hasEmbeddingsApi = (slug: string) => slug !== 'anthropic';

/**
 * The AI SDK embedding model of a catalog version (one with an embeddings API): `openai` at
 * `{base_url}/embeddings`, `google` at its OpenAI-compatible endpoint, any other slug OpenAI-compatible at
 * `{base_url}/embeddings`.
 */
export function vendorEmbeddingModel(model: ResolvedModel, connection: VendorConnection): EmbeddingModelV3 {
  const { baseURL, apiKey, fetch } = sdkSettings(model, connection);
  switch (model.providerSlug) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL, name: 'openai', fetch }).embedding(model.modelId);
    case 'google':
      return createOpenAICompatible({ name: 'google', baseURL: `${baseURL}/openai`, apiKey, fetch }).embeddingModel(
        model.modelId,
      );
    default:
      return createOpenAICompatible({ name: model.providerSlug, baseURL, apiKey, fetch }).embeddingModel(model.modelId);
  }
}

/**
 * The AI SDK image model of a catalog version, null for a vendor without an images API (Anthropic): `openai` at
 * `{base_url}/images/generations` (its SDK knows which of its models take `response_format`), `google` at its
 * OpenAI-compatible endpoint, any other slug OpenAI-compatible at `{base_url}/images/generations`, asking for
 * `b64_json`.
 */
export function vendorImageModel(model: ResolvedModel, connection: VendorConnection): ImageModelV3 | null {
  const { baseURL, apiKey, fetch } = sdkSettings(model, connection);
  switch (model.providerSlug) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL, name: 'openai', fetch }).image(model.modelId);
    case 'anthropic':
      return null;
    case 'google':
      return createOpenAICompatible({ name: 'google', baseURL: `${baseURL}/openai`, apiKey, fetch }).imageModel(
        model.modelId,
      );
    default:
      return createOpenAICompatible({ name: model.providerSlug, baseURL, apiKey, fetch }).imageModel(model.modelId);
  }
}
