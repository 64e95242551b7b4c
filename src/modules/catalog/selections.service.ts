import { and, arrayContains, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  aiModelFamilies,
  aiModelVersions,
  aiProviders,
  organizationModelSelections,
  organizations,
} from '../../platform/db/schema/index.ts';
import { unprocessable } from '../../platform/http/errors.ts';
import type { PickerModel, SelectionKey, SelectionsInput, SelectionsView } from './selections.schemas.ts';

type Capability = Exclude<SelectionKey, 'thinking'>;

/** The keys a version supports: output modalities for capabilities, supportsThinking for the activity. */
export function supportedKeys(v: { outputModalities: string[]; supportsThinking: boolean }): SelectionKey[] {
  const keys: SelectionKey[] = (['text', 'image', 'audio', 'embeddings'] as const).filter((k) =>
    v.outputModalities.includes(k),
  );
  if (v.supportsThinking) keys.push('thinking');
  return keys;
}

/** Active versions of active, live families of live providers. */
const usable: SQL[] = [
  eq(aiModelVersions.isActive, true),
  eq(aiModelFamilies.isActive, true),
  isNull(aiModelFamilies.deletedAt),
  isNull(aiProviders.deletedAt),
];

const pickerColumns = {
  id: aiModelVersions.id,
  modelId: aiModelVersions.modelId,
  displayName: aiModelVersions.displayName,
  familyId: aiModelFamilies.id,
  familyName: aiModelFamilies.name,
  providerId: aiProviders.id,
  providerName: aiProviders.name,
  providerSlug: aiProviders.slug,
  outputModalities: aiModelVersions.outputModalities,
  supportsThinking: aiModelVersions.supportsThinking,
  contextWindow: aiModelVersions.contextWindow,
  maxOutputTokens: aiModelVersions.maxOutputTokens,
};

const usableVersions = (db: Executor, ...where: (SQL | undefined)[]) =>
  db
    .select(pickerColumns)
    .from(aiModelVersions)
    .innerJoin(aiModelFamilies, eq(aiModelFamilies.id, aiModelVersions.familyId))
    .innerJoin(aiProviders, eq(aiProviders.id, aiModelFamilies.providerId))
    .where(and(...usable, ...where));

export function createModelSelectionsService({ db }: { db: Executor }) {
  async function get(organizationId: string, ex: Executor = db): Promise<SelectionsView> {
    const rows = await ex
      .select({ key: organizationModelSelections.key, model_version_id: organizationModelSelections.modelVersionId })
      .from(organizationModelSelections)
      .where(eq(organizationModelSelections.organizationId, organizationId))
      .orderBy(asc(organizationModelSelections.key));
    return { selections: rows as SelectionsView['selections'] };
  }

  return {
    /** The organization-facing picker: usable versions, optionally only those serving one capability. */
    async picker(filter: { capability?: Capability }): Promise<{ data: PickerModel[] }> {
      const rows = await usableVersions(
        db,
        filter.capability ? arrayContains(aiModelVersions.outputModalities, [filter.capability]) : undefined,
      ).orderBy(
        asc(aiProviders.name),
        asc(aiModelFamilies.name),
        asc(aiModelVersions.displayName),
        asc(aiModelVersions.id),
      );
      return {
        data: rows.map(({ outputModalities, supportsThinking, ...rest }) => ({
          ...rest,
          capabilities: supportedKeys({ outputModalities, supportsThinking }),
        })),
      };
    },

    get,

    /** Replaces the organization's selections wholesale; every version must be usable and support its key. */
    async replace(organizationId: string, input: SelectionsInput): Promise<SelectionsView> {
      return db.transaction(async (tx) => {
        // Serialises concurrent replacements of one organization's set.
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
        const ids = [...new Set(input.selections.map((s) => s.model_version_id))];
        const found = ids.length ? await usableVersions(tx, inArray(aiModelVersions.id, ids)) : [];
        const byId = new Map(found.map((v) => [v.id, v]));
        for (const { key, model_version_id } of input.selections) {
          const version = byId.get(model_version_id);
          if (!version)
            throw unprocessable(`selections: "${key}" must name an active model version of an active model family`);
          if (!supportedKeys(version).includes(key))
            throw unprocessable(`selections: the model version chosen for "${key}" does not support "${key}"`);
        }
        await tx
          .delete(organizationModelSelections)
          .where(eq(organizationModelSelections.organizationId, organizationId));
        if (input.selections.length)
          await tx
            .insert(organizationModelSelections)
            .values(input.selections.map((s) => ({ organizationId, key: s.key, modelVersionId: s.model_version_id })));
        return get(organizationId, tx);
      });
    },
  };
}

export type ModelSelectionsService = ReturnType<typeof createModelSelectionsService>;
