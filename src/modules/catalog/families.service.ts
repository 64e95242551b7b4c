import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type {
  CreateModelFamilyInput,
  DeleteModelFamilyInput,
  FamilyUsageView,
  ModelFamilyView,
  PatchModelFamilyInput,
} from './families.schemas.ts';
import { type ModelFamilyRow, familiesStore as store } from './families.store.ts';
import type { SelectionKey } from './selections.schemas.ts';
import { supportedKeys } from './selections.service.ts';
import { selectionsStore } from './selections.store.ts';
import { aiProvidersStore } from './store.ts';
import { refuseTrackedElsewhere } from './versions.service.ts';
import { versionsStore } from './versions.store.ts';

export type { ModelFamilyRow } from './families.store.ts';

export function toFamilyView(row: ModelFamilyRow): ModelFamilyView {
  return {
    id: row.id,
    providerId: row.providerId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    latestVersionId: row.latestVersionId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function requireLiveProvider(db: Executor, providerId: string): Promise<void> {
  if (!(await aiProvidersStore.findById(db, providerId)))
    throw invalidRequest('providerId does not name an existing AI provider');
}

/** Whether a write makes the family track its versions' model ids for a provider: it activates, or moves active. */
const startsTracking = (before: ModelFamilyRow, after: { providerId: string; isActive: boolean }) =>
  after.isActive && (!before.isActive || after.providerId !== before.providerId);

/** 409 when another active family of the provider already tracks a model id of one of the family's versions. */
async function refuseSharedModels(tx: Executor, family: { id: string; providerId: string }) {
  const modelIds = (await versionsStore.ofFamilies(tx, [family.id])).map((v) => v.modelId);
  await refuseTrackedElsewhere(tx, { providerId: family.providerId, familyId: family.id, modelIds });
}

const duplicateSlug = () => conflict('duplicate_slug', 'A model family with this slug already exists for the provider');
const withUniqueSlug = <T>(write: () => Promise<T>) => onUniqueViolation(write, duplicateSlug);

export function createModelFamiliesService({ db }: { db: Executor }) {
  async function row(id: string, ex: Executor = db, options?: { lock?: boolean }) {
    const found = await store.findLive(ex, id, options);
    if (!found) throw notFound('Model family');
    return found;
  }
  const get = async (id: string) => toFamilyView(await row(id));

  /**
   * Validates `replacementFamilyId` and returns the version the selections move to: the replacement's latest,
   * which must be usable (active, in a live provider) and serve every key the organizations select.
   */
  async function replacementTarget(
    tx: Executor,
    familyId: string,
    replacementId: string,
    movedKeys: Set<SelectionKey>,
  ): Promise<string | null> {
    if (replacementId === familyId) throw invalidRequest('replacementFamilyId must name another model family');
    const replacement = await store.findLive(tx, replacementId);
    if (!replacement?.isActive) throw invalidRequest('replacementFamilyId must name an active model family');
    if (movedKeys.size === 0) return null;
    const [latest] = replacement.latestVersionId
      ? await selectionsStore.usableByIds(tx, [replacement.latestVersionId])
      : [];
    if (!latest)
      throw invalidRequest('The replacement model family has no active latest version to move selections to');
    const missing = [...movedKeys].filter((k) => !supportedKeys(latest).includes(k));
    if (missing.length)
      throw invalidRequest(
        `The replacement model family's latest version does not support ${missing.map((k) => `"${k}"`).join(', ')}, which organizations select from this family`,
      );
    return latest.id;
  }

  return {
    async list(filter: { provider_id?: string }) {
      return { data: (await store.list(db, { providerId: filter.provider_id })).map(toFamilyView) };
    },
    get,

    /**
     * Creating the slug of a deleted family of the provider, or of a deactivated one, revives that family under
     * its original id (its versions keep their own state); an active family holding the slug is a 409, and so is
     * a revival while another active family of the provider tracks one of its model ids.
     */
    async create(input: CreateModelFamilyInput) {
      const id = await db.transaction(async (tx) => {
        await requireLiveProvider(tx, input.provider_id);
        const existing = await store.findBySlug(tx, input.provider_id, input.slug);
        if (existing.live?.isActive) throw duplicateSlug();
        const revived = existing.live ?? existing.deleted;
        if (revived) {
          await refuseSharedModels(tx, { id: revived.id, providerId: input.provider_id });
          await withUniqueSlug(() =>
            store.update(tx, revived.id, {
              name: input.name,
              description: input.description ?? null,
              isActive: true,
              deletedAt: null,
            }),
          );
          return revived.id;
        }
        const fresh = newId();
        await withUniqueSlug(() =>
          store.insert(tx, {
            id: fresh,
            providerId: input.provider_id,
            name: input.name,
            slug: input.slug,
            description: input.description ?? null,
          }),
        );
        return fresh;
      });
      return get(id);
    },

    async update(id: string, patch: PatchModelFamilyInput) {
      await db.transaction(async (tx) => {
        const current = await row(id, tx, { lock: true });
        if (patch.provider_id !== undefined) await requireLiveProvider(tx, patch.provider_id);
        if (patch.latest_version_id) {
          const own = await versionsStore.findLive(tx, patch.latest_version_id);
          if (own?.familyId !== id) throw invalidRequest('latestVersionId must name a version of this model family');
        }
        const after = {
          providerId: patch.provider_id ?? current.providerId,
          isActive: patch.is_active ?? current.isActive,
        };
        if (startsTracking(current, after)) await refuseSharedModels(tx, { id, providerId: after.providerId });
        await withUniqueSlug(() =>
          store.update(tx, id, {
            providerId: patch.provider_id,
            name: patch.name,
            slug: patch.slug,
            description: patch.description,
            latestVersionId: patch.latest_version_id,
            isActive: patch.is_active,
          }),
        );
      });
      return get(id);
    },

    /** Organizations' selections of the family's versions, and whether usage was ever recorded against them. */
    async usage(id: string): Promise<FamilyUsageView> {
      await row(id);
      const [selections, hasUsage] = await Promise.all([store.selections(db, id), store.hasRecordedUsage(db, id)]);
      return {
        selections: selections.map((s) => ({
          organization_id: s.organizationId,
          organization_name: s.organizationName,
          key: s.key as SelectionKey,
          model_version_id: s.modelVersionId,
          model_id: s.modelId,
        })),
        has_recorded_usage: hasUsage,
      };
    },

    /**
     * Organizations' selections of the family's versions move to `replacementFamilyId`'s latest version (409
     * when there are selections and no replacement). Then, with recorded usage or `soft: true`, the family and
     * its versions are deactivated ('deactivated'); otherwise the family is soft-deleted ('deleted').
     */
    async remove(id: string, options: DeleteModelFamilyInput): Promise<'deactivated' | 'deleted'> {
      return db.transaction(async (tx) => {
        await row(id, tx, { lock: true });
        const selections = await store.selections(tx, id);
        if (options.replacement_family_id !== undefined) {
          const keys = new Set(selections.map((s) => s.key as SelectionKey));
          const target = await replacementTarget(tx, id, options.replacement_family_id, keys);
          if (target) await store.moveSelections(tx, id, target);
        } else if (selections.length) {
          throw conflict(
            'family_in_use',
            `${selections.length} organization model selection(s) use this family; give replacementFamilyId to move them`,
          );
        }
        if (options.soft || (await store.hasRecordedUsage(tx, id))) {
          await store.deactivateWithVersions(tx, id);
          return 'deactivated';
        }
        await store.softDelete(tx, id);
        return 'deleted';
      });
    },
  };
}

export type ModelFamiliesService = ReturnType<typeof createModelFamiliesService>;
