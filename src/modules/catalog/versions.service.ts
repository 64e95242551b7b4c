import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import { conflict, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { familiesStore } from './families.store.ts';
import type { CreateModelVersionInput, ModelVersionView, PatchModelVersionInput } from './versions.schemas.ts';
import { type ModelVersionRow, versionsStore as store } from './versions.store.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toVersionView(row: ModelVersionRow): ModelVersionView {
  return {
    id: row.id,
    familyId: row.familyId,
    modelId: row.modelId,
    version: row.version,
    displayName: row.displayName,
    inputModalities: row.inputModalities,
    outputModalities: row.outputModalities,
    supportsToolUse: row.supportsToolUse,
    supportsStreaming: row.supportsStreaming,
    supportsStructuredOutput: row.supportsStructuredOutput,
    supportsThinking: row.supportsThinking,
    capabilities: row.capabilities,
    contextWindow: row.contextWindow,
    maxOutputTokens: row.maxOutputTokens,
    inputCostPer1m: row.inputCostPer1m,
    outputCostPer1m: row.outputCostPer1m,
    cachedInputCostPer1m: row.cachedInputCostPer1m,
    cacheCreationCostPer1m: row.cacheCreationCostPer1m,
    audioCostPer1kMinutes: row.audioCostPer1kMinutes,
    isActive: row.isActive,
    releasedAt: iso(row.releasedAt),
    last_listed_at: iso(row.lastListedAt),
    upstream_deprecated: row.upstreamDeprecated,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const withUniqueVersion = <T>(write: () => Promise<T>) =>
  onUniqueViolation(write, () => conflict('duplicate_version', 'This model family already has this version'));

export const quoted = (ids: string[]) => ids.map((id) => `"${id}"`).join(', ');

/**
 * Writers that add model ids to a provider's active families check, then write: two of them on different
 * families would both pass the check without this lock, held until their transaction ends.
 */
export const lockProviderModelIds = (tx: Executor, providerId: string) =>
  lockForTransaction(tx, 'provider model ids', providerId);

/**
 * 409 when another active, live family of the provider already tracks one of the vendor model ids: a provider's
 * model id belongs to one active family, whichever write (version, import, family move or revival) would add it.
 */
export async function refuseTrackedElsewhere(
  tx: Executor,
  target: { providerId: string; familyId: string; modelIds: string[]; exceptVersionId?: string },
) {
  await lockProviderModelIds(tx, target.providerId);
  const tracked = await store.trackedModelIds(tx, target, { includeOwnFamily: false });
  if (tracked.length)
    throw conflict(
      'model_already_tracked',
      `Already tracked by another active model family of the provider: ${quoted(tracked)}`,
    );
}

type Writable = Omit<PatchModelVersionInput, 'family_id' | 'model_id' | 'version' | 'display_name'>;
const columns = (input: Writable) => ({
  inputModalities: input.input_modalities,
  outputModalities: input.output_modalities,
  supportsToolUse: input.supports_tool_use,
  supportsStreaming: input.supports_streaming,
  supportsStructuredOutput: input.supports_structured_output,
  supportsThinking: input.supports_thinking,
  capabilities: input.capabilities,
  contextWindow: input.context_window,
  maxOutputTokens: input.max_output_tokens,
  inputCostPer1m: input.input_cost_per1m,
  outputCostPer1m: input.output_cost_per1m,
  cachedInputCostPer1m: input.cached_input_cost_per1m,
  cacheCreationCostPer1m: input.cache_creation_cost_per1m,
  audioCostPer1kMinutes: input.audio_cost_per1k_minutes,
  isActive: input.is_active,
  releasedAt: input.released_at === undefined ? undefined : input.released_at ? new Date(input.released_at) : null,
});

export function createModelVersionsService({ db }: { db: Executor }) {
  async function row(id: string, ex: Executor = db) {
    const found = await store.findLive(ex, id);
    if (!found) throw notFound('Model version');
    return found;
  }
  async function family(ex: Executor, familyId: string) {
    const found = await familiesStore.findLive(ex, familyId);
    if (!found) throw invalidRequest('familyId does not name an existing model family');
    return found;
  }
  const get = async (id: string) => toVersionView(await row(id));

  return {
    async list(filter: { family_id?: string }) {
      return { data: (await store.list(db, { familyId: filter.family_id })).map(toVersionView) };
    },
    get,

    async create(input: CreateModelVersionInput) {
      const id = newId();
      await db.transaction(async (tx) => {
        const target = await family(tx, input.family_id);
        await refuseTrackedElsewhere(tx, {
          providerId: target.providerId,
          familyId: target.id,
          modelIds: [input.model_id],
        });
        await withUniqueVersion(() =>
          store.insert(tx, [
            {
              ...columns(input),
              id,
              familyId: target.id,
              modelId: input.model_id,
              version: input.version,
              displayName: input.display_name || input.version,
              isActive: input.is_active ?? true,
            },
          ]),
        );
      });
      return get(id);
    },

    async update(id: string, patch: PatchModelVersionInput) {
      await db.transaction(async (tx) => {
        const current = await row(id, tx);
        const currentFamily = await family(tx, current.familyId);
        let target = currentFamily;
        if (patch.family_id !== undefined && patch.family_id !== current.familyId) {
          target = await family(tx, patch.family_id);
          if (target.providerId !== currentFamily.providerId)
            throw invalidRequest('A version can only move to a model family of the same provider');
          // It must not stay the latest of the family it leaves.
          if (currentFamily.latestVersionId === id)
            throw conflict('version_in_use', 'The version is the latest of its model family; choose another first');
        }
        if (patch.model_id !== undefined || target.id !== current.familyId)
          await refuseTrackedElsewhere(tx, {
            providerId: target.providerId,
            familyId: target.id,
            modelIds: [patch.model_id ?? current.modelId],
            exceptVersionId: id,
          });
        await withUniqueVersion(() =>
          store.update(tx, id, {
            ...columns(patch),
            familyId: patch.family_id,
            modelId: patch.model_id,
            version: patch.version,
            displayName: patch.display_name,
          }),
        );
      });
      return get(id);
    },

    /** Refused while a family uses the version as its latest, an organization selects it, or usage references it. */
    async remove(id: string) {
      await db.transaction(async (tx) => {
        await row(id, tx);
        const use = await store.useOf(tx, id);
        if (use) throw conflict('version_in_use', IN_USE[use]);
        await store.delete(tx, id);
      });
    },
  };
}

const IN_USE = {
  latest: 'A model family uses this version as its latest; choose another first',
  selected: "An organization's model selection uses this version",
  usage: 'Recorded usage references this version; deactivate it instead',
} as const;

export type ModelVersionsService = ReturnType<typeof createModelVersionsService>;
