import { createHash } from 'node:crypto';
import { ApiError, conflict } from '../../../platform/http/errors.ts';
import type { AiProvidersService } from '../providers.service.ts';
import { listAnthropic } from './anthropic.ts';
import { listGemini } from './gemini.ts';
import { listOpenAiCompatible } from './openai-compatible.ts';
import type { AvailableModel, AvailableModels, VendorClient } from './types.ts';

export const AVAILABLE_MODELS_CACHE_MS = 60_000;
export const DEFAULT_VENDOR_TIMEOUT_MS = 10_000;

interface Integration {
  client: VendorClient;
  documented: boolean;
  docsUrl: string | null;
}

const KNOWN: Readonly<Record<string, Integration>> = {
  openai: {
    client: listOpenAiCompatible,
    documented: true,
    docsUrl: 'https://platform.openai.com/docs/api-reference/models/list',
  },
  anthropic: { client: listAnthropic, documented: true, docsUrl: 'https://docs.anthropic.com/en/api/models-list' },
  google: { client: listGemini, documented: true, docsUrl: 'https://ai.google.dev/api/models#method:-models.list' },
};
const OPENAI_COMPATIBLE: Integration = { client: listOpenAiCompatible, documented: false, docsUrl: null };

/** Every slug has a listing: the three known vendors natively, any other as OpenAI-compatible. */
export const integrationFor = (slug: string): Integration => KNOWN[slug] ?? OPENAI_COMPATIBLE;

type Tracked = NonNullable<AvailableModel['tracked']>;

export interface ModelListingDeps {
  providers: Pick<AiProvidersService, 'get' | 'readApiKey'>;
  /** For each model id, the provider's active family holding it (one lookup per listing); none: all null. */
  trackedBy?: (providerId: string, modelIds: string[]) => Promise<Map<string, Tracked>>;
  fetchTimeoutMs?: number;
  /** ATRIUM_ALLOW_PRIVATE_MODEL_URLS (default true): false refuses vendor addresses on private networks. */
  allowPrivateAddresses?: boolean;
  now?: () => Date;
}

/**
 * Lists the models a provider's vendor offers, cached per provider for a minute. `tracked` is not cached: it is
 * read from the catalog on every call.
 */
export function createModelListing({
  providers,
  trackedBy,
  fetchTimeoutMs = DEFAULT_VENDOR_TIMEOUT_MS,
  allowPrivateAddresses = true,
  now = () => new Date(),
}: ModelListingDeps) {
  const cache = new Map<string, { stamp: string; expires: number; value: AvailableModels }>();

  /** A copy of the listing with `tracked` filled in; the cached value itself is never changed. */
  async function withTracking(providerId: string, value: AvailableModels): Promise<AvailableModels> {
    if (!trackedBy || value.models.length === 0) return value;
    const tracked = await trackedBy(
      providerId,
      value.models.map((m) => m.id),
    );
    return { ...value, models: value.models.map((m) => ({ ...m, tracked: tracked.get(m.id) ?? null })) };
  }

  return {
    async availableModels(
      providerId: string,
      { refresh = false }: { refresh?: boolean } = {},
    ): Promise<AvailableModels> {
      const provider = await providers.get(providerId);
      const baseUrl = provider.effective_base_url;
      if (!baseUrl)
        throw new ApiError(400, 'no_listing_integration', 'This AI provider has no address to list models from');
      const apiKey = await providers.readApiKey(providerId);
      if (apiKey === null) throw conflict('no_api_key', 'This AI provider has no API key; set one to list its models');

      // A changed slug, address or key makes the cached answer stale at once.
      const stamp = createHash('sha256').update(`${provider.slug}\n${baseUrl}\n${apiKey}`).digest('hex');
      const at = now();
      const cached = cache.get(providerId);
      if (!refresh && cached && cached.stamp === stamp && cached.expires > at.getTime())
        return withTracking(providerId, cached.value);

      const integration = integrationFor(provider.slug);
      const models = await integration.client({ baseUrl, apiKey, timeoutMs: fetchTimeoutMs, allowPrivateAddresses });
      const value: AvailableModels = {
        models,
        listing: { documented: integration.documented, docs_url: integration.docsUrl, fetched_at: at.toISOString() },
      };
      cache.set(providerId, { stamp, expires: at.getTime() + AVAILABLE_MODELS_CACHE_MS, value });
      return withTracking(providerId, value);
    },

    /** Drops a provider's cached listing (e.g. after it is updated or deleted). */
    forget(providerId: string) {
      cache.delete(providerId);
    },
  };
}

export type ModelListing = ReturnType<typeof createModelListing>;
