import type { EmbeddingModelV3, ImageModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Executor } from '../db/client.ts';
import { executeParts } from '../db/statement-parts.ts';
import { newId } from '../ids.ts';
import { withAttempts } from './attempts.ts';
import { costMicroCents } from './cost.ts';
import { embedAttempt } from './embed.ts';
import { modelError } from './errors.ts';
import { generateImageAttempt, imageCallConfig } from './generate-image.ts';
import { generateObjectAttempt } from './generate-object.ts';
import { createHashingEmbedder } from './offline/embedder.ts';
import { createOfflineLanguageModel } from './offline/model.ts';
import { resolveEmbedder, resolveModel } from './resolve.ts';
import { modelGatewayStore as store } from './store.ts';
import { streamAttempt } from './stream-round.ts';
import {
  DEFAULT_MODEL_GATEWAY_CONFIG,
  type ModelCatalog,
  type ModelGateway,
  type ModelGatewayConfig,
  type ModelLogger,
  type ResolvedModel,
  type UsageRecordedHook,
} from './types.ts';
import {
  effectiveBaseUrl,
  hasEmbeddingsApi,
  KEY_REQUIRED_SLUGS,
  type VendorConnection,
  vendorEmbeddingModel,
  vendorImageModel,
  vendorLanguageModel,
} from './vendors.ts';

const silentLogger: ModelLogger = { info: () => {}, warn: () => {} };

export interface ModelGatewayDeps {
  db: Executor;
  secretBox: SecretBox;
  /** The catalog's reads (usable versions, selections, provider connections), handed over at composition. */
  catalog: ModelCatalog;
  config?: Partial<ModelGatewayConfig>;
  logger?: ModelLogger;
  /** ATRIUM_ALLOW_PRIVATE_MODEL_URLS (default true): false refuses vendor addresses on private networks. */
  allowPrivateAddresses?: boolean;
  /** Runs with every usage event, in its transaction (the billing module's wallet debit), handed over by app.ts. */
  onUsageRecorded?: UsageRecordedHook;
}

/** The one place every model call goes through: resolution, vendor calls, retries, usage and cost. */
export function createModelGateway(deps: ModelGatewayDeps): ModelGateway {
  const config: ModelGatewayConfig = { ...DEFAULT_MODEL_GATEWAY_CONFIG, ...deps.config };
  const logger = deps.logger ?? silentLogger;

  /** A usage event and the writes the `onUsageRecorded` hook adds to it, as parts of one statement. */
  const usageParts: ModelGateway['usageParts'] = (ex, ctx, model, usage) => {
    const cost = costMicroCents(model, usage);
    const id = newId();
    const row = {
      id,
      organizationId: ctx.organizationId,
      userId: ctx.userId ?? null,
      agentId: ctx.agentId ?? null,
      departmentId: ctx.departmentId ?? null,
      integrationId: ctx.integrationId ?? null,
      channel: ctx.channel ?? null,
      runId: ctx.runId ?? null,
      modelVersionId: model.versionId,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cachedInputTokens: usage.cachedInputTokens,
      cacheWriteInputTokens: usage.cacheWriteInputTokens ?? 0,
      costMicroCents: cost,
    };
    const recorded = { organizationId: ctx.organizationId, usageEventId: id, costMicroCents: cost };
    const parts = [
      { name: 'usage_event', statement: store.insertUsage(ex, row) },
      ...(deps.onUsageRecorded?.(recorded) ?? []),
    ];
    return { id, costMicroCents: cost, parts };
  };

  /**
   * The vendor connection of a catalog model, and the secrets to keep out of any message. The provider's address
   * and sealed key are read per call (a rotated key or a deleted provider takes effect on the next call) and the
   * key is opened only here, for this call.
   */
  async function openConnection(
    model: ResolvedModel,
    db: Executor = deps.db,
  ): Promise<{ connection: VendorConnection; secrets: (string | null)[] }> {
    const fail = (detail: string) => modelError(model, { kind: 'config', retryable: false, detail }, []);
    const stored = await deps.catalog.providerConnection(db, model.providerId);
    if (!stored) throw fail('the provider has been deleted');
    if (effectiveBaseUrl(model.providerSlug, stored.baseUrl) === null) throw fail('the provider has no base_url');
    let apiKey: string | null = null;
    if (stored.apiKeySealed !== null) {
      try {
        apiKey = deps.secretBox.open(stored.apiKeySealed);
      } catch {
        throw fail("the stored API key cannot be opened with this installation's ATRIUM_SECRET_KEY");
      }
    }
    if (apiKey === null && KEY_REQUIRED_SLUGS.has(model.providerSlug)) throw fail('the provider has no API key');
    const connection = {
      baseUrl: stored.baseUrl,
      apiKey,
      allowPrivateAddresses: deps.allowPrivateAddresses ?? true,
      maxResponseBytes: config.maxResponseBytes,
    };
    return { connection, secrets: [apiKey] };
  }

  async function connect(model: ResolvedModel): Promise<{ lm: LanguageModelV3; secrets: (string | null)[] }> {
    if (model.offline)
      return { lm: createOfflineLanguageModel({ deltaDelayMs: config.offlineDeltaDelayMs }), secrets: [] };
    const { connection, secrets } = await openConnection(model);
    return { lm: vendorLanguageModel(model, connection), secrets };
  }

  async function connectEmbedder(model: ResolvedModel): Promise<{ em: EmbeddingModelV3; secrets: (string | null)[] }> {
    if (model.offline) return { em: createHashingEmbedder(), secrets: [] };
    if (!hasEmbeddingsApi(model.providerSlug))
      throw modelError(model, { kind: 'config', retryable: false, detail: 'the provider has no embeddings API' }, []);
    const { connection, secrets } = await openConnection(model);
    return { em: vendorEmbeddingModel(model, connection), secrets };
  }

  async function connectImageModel(
    model: ResolvedModel,
    db: Executor | undefined,
  ): Promise<{ im: ImageModelV3; secrets: (string | null)[] }> {
    const fail = (detail: string) => modelError(model, { kind: 'config', retryable: false, detail }, []);
    if (model.offline) throw fail('the offline model makes no images');
    const { connection, secrets } = await openConnection(model, db);
    const im = vendorImageModel(model, connection);
    if (im === null) throw fail('the provider has no images API');
    return { im, secrets };
  }

  const run = (model: ResolvedModel, signal: AbortSignal | undefined, secrets: (string | null)[]) => ({
    model,
    config,
    logger,
    signal,
    secrets,
  });

  return {
    resolve: (ctx, opts, db) => resolveModel(deps.catalog, db ?? deps.db, ctx, opts),

    embedder: (organizationId, db) => resolveEmbedder(deps.catalog, db ?? deps.db, organizationId),

    async streamRound(req, onEvent) {
      const { lm, secrets } = await connect(req.model);
      const out = await withAttempts(run(req.model, req.signal, secrets), (watchdog, state) =>
        streamAttempt(lm, req, onEvent, watchdog, state),
      );
      return { ...out, costMicroCents: costMicroCents(req.model, out.usage) };
    },

    async generateObject(req) {
      const { lm, secrets } = await connect(req.model);
      const out = await withAttempts(run(req.model, req.signal, secrets), (watchdog) =>
        generateObjectAttempt(lm, req, watchdog),
      );
      return { ...out, costMicroCents: costMicroCents(req.model, out.usage) };
    },

    async embed(req) {
      const { em, secrets } = await connectEmbedder(req.model);
      const out = await withAttempts(run(req.model, req.signal, secrets), (watchdog) =>
        embedAttempt(em, req.texts, watchdog),
      );
      return { ...out, costMicroCents: costMicroCents(req.model, out.usage) };
    },

    async generateImage(req) {
      const { im, secrets } = await connectImageModel(req.model, req.db);
      const attempts = { ...run(req.model, req.signal, secrets), config: imageCallConfig(config) };
      const out = await withAttempts(attempts, (watchdog) => generateImageAttempt(im, req, watchdog));
      return { ...out, costMicroCents: costMicroCents(req.model, out.usage) };
    },

    usageParts,

    async recordUsage(ex, ctx, model, usage) {
      const { id, costMicroCents, parts } = usageParts(ex, ctx, model, usage);
      await executeParts(ex, parts);
      return { id, costMicroCents };
    },
  };
}
