import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import {
  aiModelFamilies,
  aiModelVersions,
  aiProviders,
  organizationModelSelections,
  organizations,
  usageEvents,
} from '../db/schema/index.ts';

/** The columns a ResolvedModel is built from. */
const versionColumns = {
  versionId: aiModelVersions.id,
  modelId: aiModelVersions.modelId,
  displayName: aiModelVersions.displayName,
  providerId: aiProviders.id,
  providerSlug: aiProviders.slug,
  providerName: aiProviders.name,
  supportsToolUse: aiModelVersions.supportsToolUse,
  supportsStructuredOutput: aiModelVersions.supportsStructuredOutput,
  inputCostPer1m: aiModelVersions.inputCostPer1m,
  outputCostPer1m: aiModelVersions.outputCostPer1m,
  cachedInputCostPer1m: aiModelVersions.cachedInputCostPer1m,
  cacheCreationCostPer1m: aiModelVersions.cacheCreationCostPer1m,
  contextWindow: aiModelVersions.contextWindow,
  maxOutputTokens: aiModelVersions.maxOutputTokens,
};

/** Active versions of active, live families of live providers: the only ones a call may use. */
const usable: SQL[] = [
  eq(aiModelVersions.isActive, true),
  eq(aiModelFamilies.isActive, true),
  isNull(aiModelFamilies.deletedAt),
  isNull(aiProviders.deletedAt),
];

const usableVersions = (db: Executor) =>
  db
    .select(versionColumns)
    .from(aiModelVersions)
    .innerJoin(aiModelFamilies, eq(aiModelFamilies.id, aiModelVersions.familyId))
    .innerJoin(aiProviders, eq(aiProviders.id, aiModelFamilies.providerId));

export type VersionRow = Awaited<ReturnType<typeof usableVersions>>[number];

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

export const modelGatewayStore = {
  async usableVersionById(db: Executor, versionId: string): Promise<VersionRow | null> {
    const [row] = await usableVersions(db).where(and(...usable, eq(aiModelVersions.id, versionId)));
    return row ?? null;
  },

  /** A vendor model id may be tracked by several providers: a provider with a key wins, then the oldest version. */
  async usableVersionByModelId(db: Executor, modelId: string): Promise<VersionRow | null> {
    const [row] = await usableVersions(db)
      .where(and(...usable, eq(aiModelVersions.modelId, modelId)))
      .orderBy(desc(isNotNull(aiProviders.apiKeySealed)), asc(aiModelVersions.createdAt), asc(aiModelVersions.id))
      .limit(1);
    return row ?? null;
  },

  /**
   * The organization's usable selection for `key`, else the system organization's: one query, the caller's own
   * organization first. A selection whose version is no longer usable is passed over.
   */
  async selectedVersion(
    db: Executor,
    organizationId: string,
    key: string,
  ): Promise<(VersionRow & { fromOrganization: boolean }) | null> {
    const [row] = await selectedVersionStatement(db).execute({ organizationId, key });
    return row ?? null;
  },

  /** Address and sealed key of a live provider; null when it is deleted. */
  async providerConnection(
    db: Executor,
    providerId: string,
  ): Promise<{ baseUrl: string | null; apiKeySealed: string | null } | null> {
    const [row] = await db
      .select({ baseUrl: aiProviders.baseUrl, apiKeySealed: aiProviders.apiKeySealed })
      .from(aiProviders)
      .where(and(eq(aiProviders.id, providerId), isNull(aiProviders.deletedAt)));
    return row ?? null;
  },

  async insertUsage(db: Executor, row: typeof usageEvents.$inferInsert): Promise<void> {
    await db.insert(usageEvents).values(row);
  },

  /**
   * The offline model's catalog rows, each inserted only when absent (fixed ids). When another live provider
   * already holds the slug, nothing is inserted and false is returned.
   */
  async seedOffline(
    tx: Executor,
    rows: {
      provider: typeof aiProviders.$inferInsert;
      family: typeof aiModelFamilies.$inferInsert;
      version: typeof aiModelVersions.$inferInsert;
    },
  ): Promise<boolean> {
    await tx.insert(aiProviders).values(rows.provider).onConflictDoNothing();
    const [provider] = await tx
      .select({ id: aiProviders.id })
      .from(aiProviders)
      .where(eq(aiProviders.id, rows.provider.id));
    if (!provider) return false;
    await tx.insert(aiModelFamilies).values(rows.family).onConflictDoNothing();
    await tx.insert(aiModelVersions).values(rows.version).onConflictDoNothing();
    return true;
  },
};
