import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

/** A filled branding slot: the attached upload's key and what was declared for it. */
export interface BrandingAsset {
  storage_key: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
}

/** An organization's branding: colours, written guidelines and three asset slots (null when empty). */
export const organizationBranding = pgTable('organization_branding', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  colorPrimary: text('color_primary'),
  colorSecondary: text('color_secondary'),
  colorAccent: text('color_accent'),
  guidelinesText: text('guidelines_text'),
  logoLight: jsonb('logo_light').$type<BrandingAsset>(),
  logoDark: jsonb('logo_dark').$type<BrandingAsset>(),
  brandBook: jsonb('brand_book').$type<BrandingAsset>(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * Every storage key an upload request issued: only such a key may be attached to its slot, and a key never
 * attached is swept (its blob deleted) once its URL has expired.
 */
export const brandingUploads = pgTable(
  'branding_uploads',
  {
    storageKey: text('storage_key').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    slot: text('slot').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('branding_uploads_org_slot_idx').on(t.organizationId, t.slot)],
);
