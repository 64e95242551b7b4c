import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Executor } from '../db/client.ts';
import { withinTransaction } from '../db/transaction.ts';
import { newId } from '../ids.ts';
import { withAttempts } from './attempts.ts';
import { costMicroCents } from './cost.ts';
import { modelError } from './errors.ts';
import { generateObjectAttempt } from './generate-object.ts';
import { createOfflineLanguageModel } from './offline/model.ts';
import { resolveModel } from './resolve.ts';
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
import { effectiveBaseUrl, KEY_REQUIRED_SLUGS, vendorLanguageModel } from './vendors.ts';

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

  /**
   * The model to call and the secrets to keep out of any message. The provider's address and sealed key are
   * read per call (a rotated key or a deleted provider takes effect on the next round) and the key is opened
   * only here, for this call.
   */
  async function connect(model: ResolvedModel): Promise<{ lm: LanguageModelV3; secrets: (string | null)[] }> {
    if (model.offline)
      return { lm: createOfflineLanguageModel({ deltaDelayMs: config.offlineDeltaDelayMs }), secrets: [] };
    const fail = (detail: string) => modelError(model, { kind: 'config', retryable: false, detail }, []);
    const connection = await deps.catalog.providerConnection(deps.db, model.providerId);
    if (!connection) throw fail('the provider has been deleted');
    if (effectiveBaseUrl(model.providerSlug, connection.baseUrl) === null) throw fail('the provider has no base_url');
    let apiKey: string | null = null;
    if (connection.apiKeySealed !== null) {
      try {
        apiKey = deps.secretBox.open(connection.apiKeySealed);
      } catch {
        throw fail("the stored API key cannot be opened with this installation's ATRIUM_SECRET_KEY");
      }
    }
    if (apiKey === null && KEY_REQUIRED_SLUGS.has(model.providerSlug)) throw fail('the provider has no API key');
    const lm = vendorLanguageModel(model, {
      baseUrl: connection.baseUrl,
      apiKey,
      allowPrivateAddresses: deps.allowPrivateAddresses ?? true,
    });
    return { lm, secrets: [apiKey] };
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

    async recordUsage(ex, ctx, model, usage) {
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
      const onRecorded = deps.onUsageRecorded;
      if (!onRecorded) await store.insertUsage(ex, row);
      else
        await withinTransaction(ex, async (tx) => {
          await store.insertUsage(tx, row);
          await onRecorded(tx, { organizationId: ctx.organizationId, usageEventId: id, costMicroCents: cost });
        });
      return { id, costMicroCents: cost };
    },
  };
}
