import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  aiModelFamilies,
  aiModelVersions,
  organizationModelSelections,
  usageEvents,
} from '../../platform/db/schema/index.ts';

export type ModelVersionRow = typeof aiModelVersions.$inferSelect;
export type ModelVersionInsert = typeof aiModelVersions.$inferInsert;
type VersionChanges = Partial<Omit<ModelVersionInsert, 'id' | 'createdAt' | 'updatedAt'>>;

/** Versions of deleted families are invisible, like the families themselves. */
const inLiveFamily = sql`exists (select 1 from ${aiModelFamilies} f where f.id = ${aiModelVersions.familyId} and f.deleted_at is null)`;

/** Active, live families of a provider. */
const activeFamilyOf = (providerId: string) => [
  eq(aiModelFamilies.providerId, providerId),
  eq(aiModelFamilies.isActive, true),
  isNull(aiModelFamilies.deletedAt),
];

export const versionsStore = {
  async findLive(db: Executor, id: string): Promise<ModelVersionRow | null> {
    const [row] = await db
      .select()
      .from(aiModelVersions)
      .where(and(eq(aiModelVersions.id, id), inLiveFamily));
    return row ?? null;
  },

  /** Versions by id, in no particular order. */
  findMany: (db: Executor, ids: string[]): Promise<ModelVersionRow[]> =>
    ids.length ? db.select().from(aiModelVersions).where(inArray(aiModelVersions.id, ids)) : Promise.resolve([]),

  async list(db: Executor, filter: { familyId?: string }): Promise<ModelVersionRow[]> {
    const rows = await db
      .select({ v: aiModelVersions })
      .from(aiModelVersions)
      .innerJoin(aiModelFamilies, eq(aiModelFamilies.id, aiModelVersions.familyId))
      .where(
        and(
          isNull(aiModelFamilies.deletedAt),
          filter.familyId ? eq(aiModelVersions.familyId, filter.familyId) : undefined,
        ),
      )
      .orderBy(asc(aiModelVersions.familyId), asc(aiModelVersions.version), asc(aiModelVersions.id));
    return rows.map((r) => r.v);
  },

  /** Every version of the given families, oldest first. */
  ofFamilies: (db: Executor, familyIds: string[]): Promise<ModelVersionRow[]> =>
    familyIds.length
      ? db
          .select()
          .from(aiModelVersions)
          .where(inArray(aiModelVersions.familyId, familyIds))
          .orderBy(asc(aiModelVersions.createdAt), asc(aiModelVersions.id))
      : Promise.resolve([]),

  async insert(db: Executor, rows: ModelVersionInsert[]): Promise<void> {
    if (rows.length) await db.insert(aiModelVersions).values(rows);
  },

  async update(db: Executor, id: string, changes: VersionChanges, { touch = true } = {}): Promise<void> {
    await db
      .update(aiModelVersions)
      .set(touch ? { ...changes, updatedAt: sql`now()` } : changes)
      .where(eq(aiModelVersions.id, id));
  },

  async delete(db: Executor, id: string): Promise<void> {
    await db.delete(aiModelVersions).where(eq(aiModelVersions.id, id));
  },

  /** The version strings among `versions` that the family already has. */
  async takenVersions(db: Executor, familyId: string, versions: string[]): Promise<string[]> {
    if (!versions.length) return [];
    const rows = await db
      .select({ version: aiModelVersions.version })
      .from(aiModelVersions)
      .where(and(eq(aiModelVersions.familyId, familyId), inArray(aiModelVersions.version, versions)));
    return rows.map((r) => r.version);
  },

  /**
   * Which of `modelIds` are already tracked for the provider: by any version of `familyId` itself, or by a
   * version of another active, live family of the provider. `exceptVersionId` ignores one version (a patch).
   */
  async trackedModelIds(
    db: Executor,
    target: { providerId: string; familyId: string; modelIds: string[]; exceptVersionId?: string },
    { includeOwnFamily = true } = {},
  ): Promise<string[]> {
    const { providerId, familyId, modelIds, exceptVersionId } = target;
    if (!modelIds.length) return [];
    const elsewhere = and(...activeFamilyOf(providerId), ne(aiModelFamilies.id, familyId));
    const rows = await db
      .selectDistinct({ modelId: aiModelVersions.modelId })
      .from(aiModelVersions)
      .innerJoin(aiModelFamilies, eq(aiModelFamilies.id, aiModelVersions.familyId))
      .where(
        and(
          inArray(aiModelVersions.modelId, modelIds),
          exceptVersionId ? ne(aiModelVersions.id, exceptVersionId) : undefined,
          includeOwnFamily ? or(eq(aiModelFamilies.id, familyId), elsewhere) : elsewhere,
        ),
      );
    return rows.map((r) => r.modelId);
  },

  /** For each of `modelIds`, the active, live family of the provider holding a version with that id. */
  async trackingFamilies(
    db: Executor,
    providerId: string,
    modelIds: string[],
  ): Promise<Map<string, { id: string; name: string; slug: string }>> {
    if (!modelIds.length) return new Map();
    const rows = await db
      .select({
        modelId: aiModelVersions.modelId,
        id: aiModelFamilies.id,
        name: aiModelFamilies.name,
        slug: aiModelFamilies.slug,
      })
      .from(aiModelVersions)
      .innerJoin(aiModelFamilies, eq(aiModelFamilies.id, aiModelVersions.familyId))
      .where(and(...activeFamilyOf(providerId), inArray(aiModelVersions.modelId, modelIds)))
      .orderBy(asc(aiModelFamilies.name), asc(aiModelFamilies.id));
    const out = new Map<string, { id: string; name: string; slug: string }>();
    for (const { modelId, ...family } of rows) if (!out.has(modelId)) out.set(modelId, family);
    return out;
  },

  /** Why the version may not be deleted: a family's latest, an organization's selection, or recorded usage. */
  async useOf(db: Executor, id: string): Promise<'latest' | 'selected' | 'usage' | null> {
    const [latest] = await db
      .select({ id: aiModelFamilies.id })
      .from(aiModelFamilies)
      .where(eq(aiModelFamilies.latestVersionId, id))
      .limit(1);
    if (latest) return 'latest';
    const [selected] = await db
      .select({ key: organizationModelSelections.key })
      .from(organizationModelSelections)
      .where(eq(organizationModelSelections.modelVersionId, id))
      .limit(1);
    if (selected) return 'selected';
    const [used] = await db
      .select({ id: usageEvents.id })
      .from(usageEvents)
      .where(eq(usageEvents.modelVersionId, id))
      .limit(1);
    return used ? 'usage' : null;
  },
};
