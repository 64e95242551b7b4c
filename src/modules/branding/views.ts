import type { BrandingAsset } from '../../platform/db/schema/index.ts';
import type { BrandingSlot, BrandingView } from './schemas.ts';
import type { BrandingRow } from './store.ts';

/** A signed download URL for each filled slot. */
export type SlotUrls = Partial<Record<BrandingSlot, string>>;

function assetView(asset: BrandingAsset | null, url: string | undefined) {
  if (!asset || url === undefined) return null;
  return {
    storage_key: asset.storage_key,
    filename: asset.filename,
    mime_type: asset.mime_type,
    size_bytes: asset.size_bytes,
    get_url: url,
  };
}

export function toBrandingView(row: BrandingRow, urls: SlotUrls): BrandingView {
  return {
    organization_id: row.organizationId,
    logo_light: assetView(row.logoLight, urls.logo_light),
    logo_dark: assetView(row.logoDark, urls.logo_dark),
    brand_book: assetView(row.brandBook, urls.brand_book),
    color_primary: row.colorPrimary,
    color_secondary: row.colorSecondary,
    color_accent: row.colorAccent,
    guidelines_text: row.guidelinesText,
    updated_at: row.updatedAt.toISOString(),
  };
}
