import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { organizations, themes } from '../../platform/db/schema/index.ts';

export type ThemeRow = typeof themes.$inferSelect;
export type ThemeChanges = Partial<
  Pick<
    ThemeRow,
    | 'name'
    | 'surface'
    | 'lightEnabled'
    | 'darkEnabled'
    | 'lightTokens'
    | 'darkTokens'
    | 'brandInputs'
    | 'backgroundLightAssetId'
    | 'backgroundDarkAssetId'
  >
>;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(themes.organizationId, organizationId), eq(themes.id, id));

export const themesStore = {
  /** Newest first (the organization holds at most MAX_THEMES). */
  list: (db: Executor, organizationId: string): Promise<ThemeRow[]> =>
    db
      .select()
      .from(themes)
      .where(eq(themes.organizationId, organizationId))
      .orderBy(desc(themes.createdAt), desc(themes.id)),

  count: async (db: Executor, organizationId: string) =>
    (await db.select({ n: count() }).from(themes).where(eq(themes.organizationId, organizationId)))[0]?.n ?? 0,

  async find(db: Executor, organizationId: string, id: string): Promise<ThemeRow | null> {
    const [row] = await db.select().from(themes).where(ofOrganization(organizationId, id));
    return row ?? null;
  },

  /** The theme, locked until the transaction ends: its background slots change one writer at a time. */
  async findForUpdate(db: Executor, organizationId: string, id: string): Promise<ThemeRow | null> {
    const [row] = await db.select().from(themes).where(ofOrganization(organizationId, id)).for('update');
    return row ?? null;
  },

  /** Which of `ids` are themes of the organization. */
  /** Name and enabled variants of the organization's themes among `ids`. */
  summaries(db: Executor, organizationId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: themes.id, name: themes.name, lightEnabled: themes.lightEnabled, darkEnabled: themes.darkEnabled })
      .from(themes)
      .where(and(eq(themes.organizationId, organizationId), inArray(themes.id, ids)));
  },

  async existing(db: Executor, organizationId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: themes.id })
      .from(themes)
      .where(and(eq(themes.organizationId, organizationId), inArray(themes.id, ids)));
    return new Set(rows.map((r) => r.id));
  },

  /**
   * A theme by id alone, for the public stylesheet (which names no organization), unless its organization is
   * deleted.
   */
  async findPublished(db: Executor, id: string): Promise<ThemeRow | null> {
    const [row] = await db
      .select({ theme: themes })
      .from(themes)
      .innerJoin(organizations, eq(organizations.id, themes.organizationId))
      .where(and(eq(themes.id, id), isNull(organizations.deletedAt)));
    return row?.theme ?? null;
  },

  async insert(db: Executor, row: typeof themes.$inferInsert): Promise<ThemeRow> {
    const [inserted] = await db.insert(themes).values(row).returning();
    return inserted!;
  },

  async update(db: Executor, organizationId: string, id: string, changes: ThemeChanges): Promise<ThemeRow | null> {
    const [row] = await db
      .update(themes)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(ofOrganization(organizationId, id))
      .returning();
    return row ?? null;
  },

  /** Its theme_assets rows go with it (foreign key cascade). */
  async delete(db: Executor, organizationId: string, id: string): Promise<boolean> {
    const rows = await db.delete(themes).where(ofOrganization(organizationId, id)).returning({ id: themes.id });
    return rows.length > 0;
  },
};
