import type { Executor } from '../../platform/db/client.ts';
import { invalidRequest } from '../../platform/http/errors.ts';
import { familiesStore } from './families.store.ts';
import type { ModelListing } from './listing/service.ts';
import type { AvailableModel } from './listing/types.ts';
import type { AiProvidersService } from './providers.service.ts';
import type { SyncModelsInput, SyncModelsResult } from './sync.schemas.ts';
import { type ModelVersionRow, versionsStore } from './versions.store.ts';

export const EMPTY_LISTING_ERROR = 'The vendor returned no models; nothing was compared';

type SyncedFields = Partial<Pick<ModelVersionRow, 'displayName' | 'contextWindow' | 'maxOutputTokens' | 'releasedAt'>>;

/**
 * The fields a sync may change: only what the vendor states. A display name counts when the vendor names the
 * model (not when the listing falls back to its id); context window, output limit and release date when the
 * vendor gives them. Modalities and tool use are inferred from the model id, so an operator's curation of them
 * is kept, and `version`, `isActive` and `supportsStreaming` are never touched.
 */
export function listedChanges(v: ModelVersionRow, m: AvailableModel): SyncedFields {
  const changes: SyncedFields = {};
  const named = m.display_name.trim();
  if (named && named !== m.id && named.slice(0, 200) !== v.displayName) changes.displayName = named.slice(0, 200);
  if (m.fields.contextWindow !== undefined && m.fields.contextWindow !== v.contextWindow)
    changes.contextWindow = m.fields.contextWindow;
  if (m.fields.maxOutputTokens !== undefined && m.fields.maxOutputTokens !== v.maxOutputTokens)
    changes.maxOutputTokens = m.fields.maxOutputTokens;
  if (m.released_at !== null && Date.parse(m.released_at) !== v.releasedAt?.getTime())
    changes.releasedAt = new Date(m.released_at);
  return changes;
}

const ref = (v: ModelVersionRow) => ({ id: v.id, family_id: v.familyId, model_id: v.modelId, version: v.version });

/** Compares a provider's tracked versions with a fresh vendor listing. Never creates or deactivates anything. */
export function createModelSyncService({
  db,
  providers,
  listing,
}: {
  db: Executor;
  providers: Pick<AiProvidersService, 'get'>;
  listing: Pick<ModelListing, 'availableModels'>;
}) {
  /** The families in scope: the given ones (each must be a live family of the provider) or all its live ones. */
  async function scope(providerId: string, familyIds: string[] | undefined): Promise<string[]> {
    if (familyIds === undefined) return (await familiesStore.list(db, { providerId })).map((f) => f.id);
    const wanted = [...new Set(familyIds)];
    const found = new Set(
      (await familiesStore.findLiveMany(db, wanted)).filter((f) => f.providerId === providerId).map((f) => f.id),
    );
    const foreign = wanted.filter((id) => !found.has(id));
    if (foreign.length)
      throw invalidRequest(
        `familyIds: not model families of this provider: ${foreign.map((id) => `"${id}"`).join(', ')}`,
      );
    return wanted;
  }

  return {
    async syncModels(providerId: string, input: SyncModelsInput = {}): Promise<SyncModelsResult> {
      await providers.get(providerId);
      const familyIds = await scope(providerId, input.family_ids);
      // Always fresh: a sync exists to notice what changed upstream (the refreshed answer is cached as well).
      const available = await listing.availableModels(providerId, { refresh: true });
      const result: SyncModelsResult = { updated: 0, unchanged: 0, unlisted: [], deprecated: [], errors: [] };
      if (available.models.length === 0) return { ...result, errors: [EMPTY_LISTING_ERROR] };

      const byId = new Map(available.models.map((m) => [m.id, m]));
      const listedAt = new Date(available.listing.fetched_at);
      await db.transaction(async (tx) => {
        for (const v of await versionsStore.ofFamilies(tx, familyIds)) {
          const m = byId.get(v.modelId);
          if (!m) {
            result.unlisted.push(ref(v));
            continue;
          }
          if (m.deprecated) result.deprecated.push(ref(v));
          const changes = listedChanges(v, m);
          const changed = Object.keys(changes).length > 0 || m.deprecated !== v.upstreamDeprecated;
          if (changed) result.updated++;
          else result.unchanged++;
          await versionsStore.update(
            tx,
            v.id,
            { ...changes, upstreamDeprecated: m.deprecated, lastListedAt: listedAt },
            { touch: changed },
          );
        }
      });
      return result;
    },
  };
}

export type ModelSyncService = ReturnType<typeof createModelSyncService>;
