import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { prepared } from '../../platform/db/prepared.ts';
import {
  aiModelFamilies,
  aiModelVersions,
  aiProviders,
  organizationModelSelections,
  organizations,
} from '../../platform/db/schema/index.ts';
import type { ModelCatalog } from '../../platform/models/types.ts';
import { usable, usableVersions } from './usable.ts';

/** The columns a ResolvedModel is built from (nothing more: the gateway spreads the row into it). */
const versionColumns = {
  versionId: aiModelVersions.id,
  modelId: aiModelVersions.modelId,
  displayName: aiModelVersions.displayName,
  providerId: aiProviders.id,
  providerSlug: aiProviders.slug,
  providerName: aiProviders.name,
  supportsToolUse: aiModelVersions.supportsToolUse,
  supportsStructuredOutput: aiModelVersions.supportsStructuredOutput,
  inputModalities: aiModelVersions.inputModalities,
  outputModalities: aiModelVersions.outputModalities,
  inputCostPer1m: aiModelVersions.inputCostPer1m,
  outputCostPer1m: aiModelVersions.outputCostPer1m,
  cachedInputCostPer1m: aiModelVersions.cachedInputCostPer1m,
  cacheCreationCostPer1m: aiModelVersions.cacheCreationCostPer1m,
  contextWindow: aiModelVersions.contextWindow,
  maxOutputTokens: aiModelVersions.maxOutputTokens,
};

/** The query of `selectedVersion`, which every run resolves its model with: prepared (platform/db/prepared.ts). */
const selectedVersionStatement = prepared((db) => {
  const own = eq(organizationModelSelections.organizationId, sql.placeholder('organizationId'));
  return db
    .select({ ...versionColumns, fromOrganization: sql<boolean>`${own}` })
    .from(organizationModelSelections)
    .innerJoin(organizations, eq(organizations.id, organizationModelSelections.organizationId))
    .innerJoin(aiModelVersions, eq(aiModelVersions.id, organizationModelSelections.modelVersionId))
    .innerJoin(aiModelFamilies, eq(aiModelFamilies.id, aiModelVersions.familyId))
    .innerJoin(aiProviders, eq(aiProviders.id, aiModelFamilies.providerId))
    .where(
      and(
        ...usable,
        eq(organizationModelSelections.key, sql.placeholder('key')),
        or(own, eq(organizations.isSystem, true)),
      ),
    )
    .orderBy(desc(own))
    .limit(1)
    .prepare('model_selected_version');
});

/** The catalog's reads the model gateway resolves and connects with (handed to createModelGateway as `catalog`). */
export const resolutionStore: ModelCatalog = {
  async usableVersionById(db, versionId) {
    const [row] = await usableVersions(db, versionColumns, eq(aiModelVersions.id, versionId));
    return row ?? null;
  },

  /** A vendor model id may be tracked by several providers: a provider with a key wins, then the oldest version. */
  async usableVersionByModelId(db, modelId) {
    const [row] = await usableVersions(db, versionColumns, eq(aiModelVersions.modelId, modelId))
      .orderBy(desc(isNotNull(aiProviders.apiKeySealed)), asc(aiModelVersions.createdAt), asc(aiModelVersions.id))
      .limit(1);
    return row ?? null;
  },

  /**
   * The organization's usable selection for `key`, else the system organization's: one query, the caller's own
   * organization first. A selection whose version is no longer usable is passed over.
   */
  async selectedVersion(db, organizationId, key) {
    const [row] = await selectedVersionStatement(db).execute({ organizationId, key });
    return row ?? null;
  },

  /** Address and sealed key of a live provider; null when it is deleted. */
  async providerConnection(db, providerId) {
    const [row] = await db
      .select({ baseUrl: aiProviders.baseUrl, apiKeySealed: aiProviders.apiKeySealed })
      .from(aiProviders)
      .where(and(eq(aiProviders.id, providerId), isNull(aiProviders.deletedAt)));
    return row ?? null;
  },
};
