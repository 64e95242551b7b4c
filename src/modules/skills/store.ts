import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { skills } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';

export type SkillRow = typeof skills.$inferSelect;
export type NewSkill = typeof skills.$inferInsert;
export type SkillChanges = Partial<
  Pick<NewSkill, 'name' | 'description' | 'whenToUse' | 'instructions' | 'manifest' | 'scripts'>
>;
export type BuiltinSkillSeed = Pick<
  NewSkill,
  'id' | 'slug' | 'name' | 'description' | 'whenToUse' | 'instructions' | 'manifest' | 'scripts'
>;

/** The skills an organization sees: its own and the built-ins (no organization). */
const visibleTo = (organizationId: string): SQL =>
  or(eq(skills.organizationId, organizationId), isNull(skills.organizationId))!;

/** The organization's own row `id` (built-ins are never matched: they cannot be changed through the API). */
const ownRow = (organizationId: string, id: string) =>
  and(eq(skills.organizationId, organizationId), eq(skills.id, id));

const lowerSlug = sql<string>`lower(${skills.slug})`;

/** Live skills of the organization and the built-ins whose slug is one of `lowered` (already lowercased). */
const liveWithSlugs = (organizationId: string, lowered: string[]) =>
  and(visibleTo(organizationId), eq(skills.isArchived, false), inArray(lowerSlug, lowered));

/** SQL of skills; every query is scoped to one organization (plus the built-ins it sees). */
export const skillsStore = {
  async findVisible(db: Executor, organizationId: string, id: string): Promise<SkillRow | null> {
    const [row] = await db
      .select()
      .from(skills)
      .where(and(visibleTo(organizationId), eq(skills.id, id)));
    return row ?? null;
  },

  /** Newest first, keyset on (created_at, id). */
  list(
    db: Executor,
    organizationId: string,
    filter: { source: 'builtin' | 'org' | 'all'; archived: boolean },
    cursor: Cursor | null,
    limit: number,
  ): Promise<SkillRow[]> {
    const source =
      filter.source === 'builtin'
        ? isNull(skills.organizationId)
        : filter.source === 'org'
          ? eq(skills.organizationId, organizationId)
          : visibleTo(organizationId);
    const after = cursor
      ? sql`(${skills.createdAt}, ${skills.id}) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    return db
      .select()
      .from(skills)
      .where(and(source, eq(skills.isArchived, filter.archived), after))
      .orderBy(desc(skills.createdAt), desc(skills.id))
      .limit(limit + 1);
  },

  /** Whether `slug` is taken (case-insensitively) by a skill of the organization, archived too, or a built-in. */
  async slugTaken(db: Executor, organizationId: string, slug: string): Promise<boolean> {
    const [row] = await db
      .select({ id: skills.id })
      .from(skills)
      .where(and(visibleTo(organizationId), eq(lowerSlug, slug.toLowerCase())))
      .limit(1);
    return row !== undefined;
  },

  /** Live skills named by `slugs` (any case); built-ins and the organization's own. */
  liveBySlugs(db: Executor, organizationId: string, slugs: string[]): Promise<SkillRow[]> {
    const lowered = [...new Set(slugs.map((s) => s.toLowerCase()))];
    if (lowered.length === 0) return Promise.resolve([]);
    return db.select().from(skills).where(liveWithSlugs(organizationId, lowered));
  },

  /** Live skills the organization can use, built-ins first, then its own by slug; bounded. */
  listLive(db: Executor, organizationId: string, max: number) {
    return db
      .select({ slug: skills.slug, name: skills.name, whenToUse: skills.whenToUse })
      .from(skills)
      .where(and(visibleTo(organizationId), eq(skills.isArchived, false)))
      .orderBy(sql`${skills.organizationId} is not null`, lowerSlug)
      .limit(max);
  },

  async insert(db: Executor, values: NewSkill): Promise<SkillRow> {
    const [row] = await db.insert(skills).values(values).returning();
    return row!;
  },

  /** Applies `changes` to the organization's own skill and counts a new version. */
  async update(db: Executor, organizationId: string, id: string, changes: SkillChanges): Promise<SkillRow | null> {
    const [row] = await db
      .update(skills)
      .set({ ...changes, version: sql`${skills.version} + 1`, updatedAt: sql`now()` })
      .where(ownRow(organizationId, id))
      .returning();
    return row ?? null;
  },

  /** Archives a live skill of the organization (a new version); false when it was not live. */
  async archive(db: Executor, organizationId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(skills)
      .set({ isArchived: true, version: sql`${skills.version} + 1`, updatedAt: sql`now()` })
      .where(and(ownRow(organizationId, id), eq(skills.isArchived, false)))
      .returning({ id: skills.id });
    return rows.length > 0;
  },

  /**
   * Inserts the built-in skills that are absent; a built-in whose text differs from the code's (a newer
   * release) is brought up to date as a new version. Unchanged rows are not touched. Returns rows written.
   */
  async seedBuiltins(db: Executor, seeds: BuiltinSkillSeed[]): Promise<number> {
    const rows = await db
      .insert(skills)
      .values(seeds.map((s) => ({ ...s, organizationId: null, isArchived: false, createdByUserId: null })))
      .onConflictDoUpdate({
        target: skills.id,
        set: {
          slug: sql`excluded.slug`,
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          whenToUse: sql`excluded.when_to_use`,
          instructions: sql`excluded.instructions`,
          manifest: sql`excluded.manifest`,
          scripts: sql`excluded.scripts`,
          isArchived: false,
          version: sql`${skills.version} + 1`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${skills.organizationId} is null and (${skills.slug}, ${skills.name}, ${skills.description},
          ${skills.whenToUse}, ${skills.instructions}, ${skills.manifest}, ${skills.scripts}, ${skills.isArchived})
          is distinct from (excluded.slug, excluded.name, excluded.description, excluded.when_to_use,
          excluded.instructions, excluded.manifest, excluded.scripts, false)`,
      })
      .returning({ id: skills.id });
    return rows.length;
  },
};
