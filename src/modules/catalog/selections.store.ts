import { and, arrayContains, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  aiModelFamilies,
  aiModelVersions,
  aiProviders,
  organizationModelSelections,
  organizations,
} from '../../platform/db/schema/index.ts';

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

export type UsableVersion = Awaited<ReturnType<typeof usableVersions>>[number];

export const selectionsStore = {
  /** Usable versions, optionally only those whose output modalities include `modality`, sorted for the picker. */
  picker: (db: Executor, modality?: string) =>
    usableVersions(db, modality ? arrayContains(aiModelVersions.outputModalities, [modality]) : undefined).orderBy(
      asc(aiProviders.name),
      asc(aiModelFamilies.name),
      asc(aiModelVersions.displayName),
      asc(aiModelVersions.id),
    ),

  /** The usable versions among `ids`. */
  usableByIds: (db: Executor, ids: string[]): Promise<UsableVersion[]> =>
    ids.length ? usableVersions(db, inArray(aiModelVersions.id, ids)) : Promise.resolve([]),

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
