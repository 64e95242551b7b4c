import type { Executor } from '../../platform/db/client.ts';
import { conflict, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ImportVersionsInput } from './families.schemas.ts';
import { familiesStore } from './families.store.ts';
import type { ModelListing } from './listing/service.ts';
import type { AvailableModel } from './listing/types.ts';
import { MODALITIES, type ModelVersionView } from './versions.schemas.ts';
import { lockProviderModelIds, quoted, toVersionView, withUniqueVersion } from './versions.service.ts';
import { type ModelVersionInsert, versionsStore } from './versions.store.ts';

const MODALITY_SET = new Set<string>(MODALITIES);
const releasedMs = (m: AvailableModel) =>
  m.released_at === null ? Number.NEGATIVE_INFINITY : Date.parse(m.released_at);

/** The version row an import writes from an available-model row (what the listing knows, nothing more). */
export function versionFromListing(
  m: AvailableModel,
  extra: { id: string; familyId: string; isActive: boolean; listedAt: Date },
): ModelVersionInsert {
  const f = m.fields;
  const version = (f.version.trim() || m.id).slice(0, 100);
  return {
    id: extra.id,
    familyId: extra.familyId,
    modelId: m.id,
    version,
    displayName: (f.displayName.trim() || version).slice(0, 200),
    inputModalities: f.inputModalities.filter((x) => MODALITY_SET.has(x)),
    outputModalities: f.outputModalities.filter((x) => MODALITY_SET.has(x)),
    supportsToolUse: f.supportsToolUse ?? false,
    supportsStreaming: f.supportsStreaming ?? false,
    contextWindow: f.contextWindow ?? null,
    maxOutputTokens: f.maxOutputTokens ?? null,
    isActive: extra.isActive,
    releasedAt: m.released_at === null ? null : new Date(m.released_at),
    lastListedAt: extra.listedAt,
    upstreamDeprecated: m.deprecated,
  };
}

/** Imports vendor models from a provider's available-models listing into one of its families as versions. */
export function createModelImportService({
  db,
  listing,
}: {
  db: Executor;
  listing: Pick<ModelListing, 'availableModels'>;
}) {
  return {
    /**
     * All or nothing: every id must be in the listing (400) and not yet tracked by this family or another active
     * family of the provider (409 `model_already_tracked`); versions must be new to the family (409
     * `duplicate_version`). Versions are inactive unless `is_active`; the newest release becomes the family's
     * latest version when it has none. Returns the versions newest release first.
     */
    async importVersions(familyId: string, input: ImportVersionsInput): Promise<{ data: ModelVersionView[] }> {
      const family = await familiesStore.findLive(db, familyId);
      if (!family) throw notFound('Model family');
      // The cached listing is what the operator just looked at; errors are those of available-models.
      const available = await listing.availableModels(family.providerId);
      const byId = new Map(available.models.map((m) => [m.id, m]));
      const unknown = input.model_ids.filter((id) => !byId.has(id));
      if (unknown.length) throw invalidRequest(`Not in the provider's available models: ${quoted(unknown)}`);

      const picked = input.model_ids
        .map((id, order) => ({ model: byId.get(id)!, order }))
        .sort((a, b) => releasedMs(b.model) - releasedMs(a.model) || a.order - b.order)
        .map(({ model }) => model);
      const listedAt = new Date(available.listing.fetched_at);
      const rows = picked.map((m) =>
        versionFromListing(m, { id: newId(), familyId, isActive: input.is_active ?? false, listedAt }),
      );

      await db.transaction(async (tx) => {
        const current = await familiesStore.findLive(tx, familyId, { lock: true });
        if (!current) throw notFound('Model family');
        await lockProviderModelIds(tx, current.providerId);
        const tracked = await versionsStore.trackedModelIds(tx, {
          providerId: current.providerId,
          familyId,
          modelIds: input.model_ids,
        });
        if (tracked.length)
          throw conflict(
            'model_already_tracked',
            `Already tracked by this or another active model family of the provider: ${quoted(tracked)}`,
          );
        const versions = rows.map((r) => r.version);
        const repeated = versions.filter((v, i) => versions.indexOf(v) !== i);
        const taken = [...new Set([...repeated, ...(await versionsStore.takenVersions(tx, familyId, versions))])];
        if (taken.length)
          throw conflict('duplicate_version', `The model family would hold these versions twice: ${quoted(taken)}`);
        await withUniqueVersion(() => versionsStore.insert(tx, rows));
        if (current.latestVersionId === null)
          await familiesStore.update(tx, familyId, { latestVersionId: rows[0]!.id });
      });

      const stored = new Map(
        (
          await versionsStore.findMany(
            db,
            rows.map((r) => r.id!),
          )
        ).map((v) => [v.id, v]),
      );
      return { data: rows.map((r) => toVersionView(stored.get(r.id!)!)) };
    },
  };
}

export type ModelImportService = ReturnType<typeof createModelImportService>;
