import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ResolvedModel } from './types.ts';
import { createVendorFetch } from './vendor-fetch.ts';
import { KNOWN_PROVIDER_BASE_URLS } from './vendor-urls.ts';

/** Where and with what a vendor is called; `apiKey` is the opened key, alive only for the call. */
export interface VendorConnection {
  baseUrl: string | null;
  apiKey: string | null;
  /** ATRIUM_ALLOW_PRIVATE_MODEL_URLS: false refuses addresses resolving to loopback, private or link-local ones. */
  allowPrivateAddresses: boolean;
}

/** Slugs that must carry a key: their SDKs would otherwise read OPENAI_API_KEY / ANTHROPIC_API_KEY from the env. */
export const KEY_REQUIRED_SLUGS = new Set(['openai', 'anthropic', 'google']);

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The provider's API root: its own base_url, else the vendor's public address (the same rule as the catalog). */
export function effectiveBaseUrl(slug: string, baseUrl: string | null): string | null {
  const url = baseUrl ?? KNOWN_PROVIDER_BASE_URLS[slug] ?? null;
  return url === null ? null : trimSlash(url);
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
  const baseURL = effectiveBaseUrl(model.providerSlug, connection.baseUrl);
  if (baseURL === null) throw new Error('provider has no base_url');
  const apiKey = connection.apiKey ?? undefined;
  const fetch = createVendorFetch({ allowPrivateAddresses: connection.allowPrivateAddresses });
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
