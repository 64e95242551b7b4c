import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  aiModelFamilies,
  aiModelVersions,
  organizationModelSelections,
  organizations,
  usageEvents,
} from '../../platform/db/schema/index.ts';

export type ModelFamilyRow = typeof aiModelFamilies.$inferSelect;
type FamilyChanges = Partial<Omit<typeof aiModelFamilies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;

const live = (id: string) => and(eq(aiModelFamilies.id, id), isNull(aiModelFamilies.deletedAt));
const versionsOf = (familyId: string) => sql`(select v.id from ${aiModelVersions} v where v.family_id = ${familyId})`;

/** Model families are platform-wide; deleted ones are kept (their slug revives them) but invisible here. */
export const familiesStore = {
  async findLive(db: Executor, id: string, { lock = false } = {}): Promise<ModelFamilyRow | null> {
    const query = db.select().from(aiModelFamilies).where(live(id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Live families among `ids`, in no particular order. */
  findLiveMany: (db: Executor, ids: string[]): Promise<ModelFamilyRow[]> =>
    ids.length
      ? db
          .select()
          .from(aiModelFamilies)
          .where(and(inArray(aiModelFamilies.id, ids), isNull(aiModelFamilies.deletedAt)))
      : Promise.resolve([]),

  list: (db: Executor, filter: { providerId?: string }) =>
    db
      .select()
      .from(aiModelFamilies)
      .where(
        and(
          isNull(aiModelFamilies.deletedAt),
          filter.providerId ? eq(aiModelFamilies.providerId, filter.providerId) : undefined,
        ),
      )
      // By name as a reader expects ("beta" before "Zeta", whatever the collation); exact name and id settle ties.
      .orderBy(asc(sql`lower(${aiModelFamilies.name})`), asc(aiModelFamilies.name), asc(aiModelFamilies.id)),

  /** The live family holding the slug for the provider, else the most recently deleted one, else null. */
  async findBySlug(
    db: Executor,
    providerId: string,
    slug: string,
  ): Promise<{ live: ModelFamilyRow | null; deleted: ModelFamilyRow | null }> {
    const rows = await db
      .select()
      .from(aiModelFamilies)
      .where(and(eq(aiModelFamilies.providerId, providerId), eq(aiModelFamilies.slug, slug)))
      .orderBy(sql`${aiModelFamilies.deletedAt} desc nulls first`, desc(aiModelFamilies.updatedAt));
    return {
      live: rows.find((r) => r.deletedAt === null) ?? null,
      deleted: rows.find((r) => r.deletedAt !== null) ?? null,
    };
  },

  async insert(db: Executor, row: typeof aiModelFamilies.$inferInsert): Promise<void> {
    await db.insert(aiModelFamilies).values(row);
  },

  /** Updates a family, deleted or not (reviving one clears `deletedAt`). */
  async update(db: Executor, id: string, changes: FamilyChanges): Promise<void> {
    await db
      .update(aiModelFamilies)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(aiModelFamilies.id, id));
  },

  async softDelete(db: Executor, id: string): Promise<void> {
    await db.update(aiModelFamilies).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(live(id));
  },

  /** Deactivates the family and every one of its versions. */
  async deactivateWithVersions(db: Executor, id: string): Promise<void> {
    await db.update(aiModelFamilies).set({ isActive: false, updatedAt: sql`now()` }).where(live(id));
    await db
      .update(aiModelVersions)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(and(eq(aiModelVersions.familyId, id), eq(aiModelVersions.isActive, true)));
  },

  /** Every organization's selection of a version of the family, deleted organizations included. */
  selections: (db: Executor, familyId: string) =>
    db
      .select({
        organizationId: organizationModelSelections.organizationId,
        organizationName: organizations.name,
        key: organizationModelSelections.key,
        modelVersionId: organizationModelSelections.modelVersionId,
        modelId: aiModelVersions.modelId,
      })
      .from(organizationModelSelections)
      .innerJoin(aiModelVersions, eq(aiModelVersions.id, organizationModelSelections.modelVersionId))
      .innerJoin(organizations, eq(organizations.id, organizationModelSelections.organizationId))
      .where(eq(aiModelVersions.familyId, familyId))
      .orderBy(asc(organizations.name), asc(organizations.id), asc(organizationModelSelections.key)),

  /** Points every selection of a version of the family at `versionId`. */
  async moveSelections(db: Executor, familyId: string, versionId: string): Promise<void> {
    await db
      .update(organizationModelSelections)
      .set({ modelVersionId: versionId, updatedAt: sql`now()` })
      .where(inArray(organizationModelSelections.modelVersionId, versionsOf(familyId)));
  },

  /** Whether any usage event references a version of the family. */
  async hasRecordedUsage(db: Executor, familyId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: usageEvents.id })
      .from(usageEvents)
      .innerJoin(aiModelVersions, eq(aiModelVersions.id, usageEvents.modelVersionId))
      .where(eq(aiModelVersions.familyId, familyId))
      .limit(1);
    return row !== undefined;
  },
};
