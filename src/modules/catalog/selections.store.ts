import { arrayContains, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  aiModelFamilies,
  aiModelVersions,
  aiProviders,
  organizationModelSelections,
  organizations,
} from '../../platform/db/schema/index.ts';
import { usableVersions } from './usable.ts';

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

/** Usable versions (usable.ts: the same rule the model gateway resolves with) as the picker shows them. */
const pickerVersions = (db: Executor, ...where: (SQL | undefined)[]) => usableVersions(db, pickerColumns, ...where);

export type UsableVersion = Awaited<ReturnType<typeof pickerVersions>>[number];

export const selectionsStore = {
  /** Usable versions, optionally only those whose output modalities include `modality`, sorted for the picker. */
  picker: (db: Executor, modality?: string) =>
    pickerVersions(db, modality ? arrayContains(aiModelVersions.outputModalities, [modality]) : undefined).orderBy(
      asc(aiProviders.name),
      asc(aiModelFamilies.name),
      asc(aiModelVersions.displayName),
      asc(aiModelVersions.id),
    ),

  /** The usable versions among `ids`. */
  usableByIds: (db: Executor, ids: string[]): Promise<UsableVersion[]> =>
    ids.length ? pickerVersions(db, inArray(aiModelVersions.id, ids)) : Promise.resolve([]),

  listForOrganization: (db: Executor, organizationId: string) =>
    db
      .select({ key: organizationModelSelections.key, model_version_id: organizationModelSelections.modelVersionId })
      .from(organizationModelSelections)
      .where(eq(organizationModelSelections.organizationId, organizationId))
      .orderBy(asc(organizationModelSelections.key)),

  /** Serialises concurrent replacements of one organization's set. */
  async lockOrganization(db: Executor, organizationId: string): Promise<void> {
    await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
  },

  async replace(
    db: Executor,
    organizationId: string,
    selections: { key: string; modelVersionId: string }[],
  ): Promise<void> {
    await db.delete(organizationModelSelections).where(eq(organizationModelSelections.organizationId, organizationId));
    if (selections.length)
      await db.insert(organizationModelSelections).values(selections.map((s) => ({ organizationId, ...s })));
  },
};
