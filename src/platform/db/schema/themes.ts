import { bigint, boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

/** What a theme was composed from (the theme composer's brief and extracted brand sources); free-form for us. */
export interface ThemeBrandInputs {
  brief: string | null;
  attachments: Array<{
    kind: 'site' | 'book';
    label: string;
    url?: string;
    detail?: string;
    brand_name?: string;
    colors: string[];
    neutrals: string[];
    guidelines?: string;
  }>;
}

/** An organization's custom theme: CSS custom properties per variant (light, dark), published as a stylesheet. */
export const themes = pgTable(
  'themes',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    surface: text('surface').notNull(),
    lightEnabled: boolean('light_enabled').notNull(),
    darkEnabled: boolean('dark_enabled').notNull(),
    lightTokens: jsonb('light_tokens').$type<Record<string, string>>().notNull(),
    darkTokens: jsonb('dark_tokens').$type<Record<string, string>>().notNull(),
    backgroundLightAssetId: uuid('background_light_asset_id'),
    backgroundDarkAssetId: uuid('background_dark_asset_id'),
    brandInputs: jsonb('brand_inputs').$type<ThemeBrandInputs>(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('themes_org_created_idx').on(t.organizationId, t.createdAt, t.id)],
);

/**
 * A background image requested for a theme's variant: issued with its upload URL, attached when the blob is
 * there; an asset never attached, or replaced, has its blob deleted.
 */
export const themeAssets = pgTable(
  'theme_assets',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    themeId: uuid('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('theme_assets_org_theme_idx').on(t.organizationId, t.themeId)],
);

/** Which palettes (built-in ids or `custom-<theme id>`) an organization's members may use, and the default. */
export const organizationAppearance = pgTable('organization_appearance', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  allowedThemes: jsonb('allowed_themes').$type<string[]>().notNull(),
  defaultTheme: text('default_theme'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
