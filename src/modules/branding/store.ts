import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { type BrandingAsset, brandingUploads, organizationBranding } from '../../platform/db/schema/index.ts';
import type { BrandingSlot } from './schemas.ts';

export type BrandingRow = typeof organizationBranding.$inferSelect;
export type BrandingUploadRow = typeof brandingUploads.$inferSelect;
export type BrandingChanges = Partial<
  Pick<BrandingRow, 'colorPrimary' | 'colorSecondary' | 'colorAccent' | 'guidelinesText'>
>;

/** The row's column of each slot. */
export const SLOT_COLUMNS = {
  logo_light: 'logoLight',
  logo_dark: 'logoDark',
  brand_book: 'brandBook',
} as const satisfies Record<BrandingSlot, keyof BrandingRow>;

const ofUpload = (organizationId: string, storageKey: string) =>
  and(eq(brandingUploads.organizationId, organizationId), eq(brandingUploads.storageKey, storageKey));

export const brandingStore = {
  async find(db: Executor, organizationId: string): Promise<BrandingRow | null> {
    const [row] = await db
      .select()
      .from(organizationBranding)
      .where(eq(organizationBranding.organizationId, organizationId));
    return row ?? null;
  },

  /** The organization's row, made (all empty) the first time it is asked for. */
  async findOrCreate(db: Executor, organizationId: string): Promise<BrandingRow> {
    const found = await brandingStore.find(db, organizationId);
    if (found) return found;
    await db.insert(organizationBranding).values({ organizationId }).onConflictDoNothing();
    return (await brandingStore.find(db, organizationId))!;
  },

  async update(
    db: Executor,
    organizationId: string,
    changes: BrandingChanges & Partial<Record<(typeof SLOT_COLUMNS)[BrandingSlot], BrandingAsset | null>>,
  ): Promise<BrandingRow> {
    const [row] = await db
      .update(organizationBranding)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(organizationBranding.organizationId, organizationId))
      .returning();
    return row!;
  },

  async insertUpload(db: Executor, row: typeof brandingUploads.$inferInsert): Promise<void> {
    await db.insert(brandingUploads).values(row);
  },

  async findUpload(db: Executor, organizationId: string, storageKey: string): Promise<BrandingUploadRow | null> {
    const [row] = await db.select().from(brandingUploads).where(ofUpload(organizationId, storageKey));
    return row ?? null;
  },

  /** Issued keys whose upload URL has not expired yet. */
  countLiveUploads: async (db: Executor, organizationId: string, now: Date) =>
    (
      await db
        .select({ n: count() })
        .from(brandingUploads)
        .where(and(eq(brandingUploads.organizationId, organizationId), gt(brandingUploads.expiresAt, now)))
    )[0]?.n ?? 0,

  async deleteUpload(db: Executor, organizationId: string, storageKey: string): Promise<void> {
    await db.delete(brandingUploads).where(ofUpload(organizationId, storageKey));
  },
};
