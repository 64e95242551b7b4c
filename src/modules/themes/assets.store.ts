import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { themeAssets } from '../../platform/db/schema/index.ts';

export type ThemeAssetRow = typeof themeAssets.$inferSelect;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(themeAssets.organizationId, organizationId), eq(themeAssets.id, id));

/** Background images of themes: requested (with an upload URL), then attached, replaced or swept. */
export const themeAssetsStore = {
  async insert(db: Executor, row: typeof themeAssets.$inferInsert): Promise<ThemeAssetRow> {
    const [inserted] = await db.insert(themeAssets).values(row).returning();
    return inserted!;
  },

  countOfTheme: async (db: Executor, organizationId: string, themeId: string) =>
    (
      await db
        .select({ n: count() })
        .from(themeAssets)
        .where(and(eq(themeAssets.organizationId, organizationId), eq(themeAssets.themeId, themeId)))
    )[0]?.n ?? 0,

  async find(db: Executor, organizationId: string, id: string): Promise<ThemeAssetRow | null> {
    const [row] = await db.select().from(themeAssets).where(ofOrganization(organizationId, id));
    return row ?? null;
  },

  /** Locked until the transaction ends, so an attach and the sweep of the same asset take turns. */
  async findForUpdate(db: Executor, organizationId: string, id: string): Promise<ThemeAssetRow | null> {
    const [row] = await db.select().from(themeAssets).where(ofOrganization(organizationId, id)).for('update');
    return row ?? null;
  },

  keysOfTheme: async (db: Executor, organizationId: string, themeId: string): Promise<string[]> =>
    (
      await db
        .select({ key: themeAssets.storageKey })
        .from(themeAssets)
        .where(and(eq(themeAssets.organizationId, organizationId), eq(themeAssets.themeId, themeId)))
    ).map((r) => r.key),

  async delete(db: Executor, organizationId: string, id: string): Promise<void> {
    await db.delete(themeAssets).where(ofOrganization(organizationId, id));
  },
};
