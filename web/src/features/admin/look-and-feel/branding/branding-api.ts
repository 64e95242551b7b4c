import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../../lib/client-context.tsx';

export type Branding = components['schemas']['Branding'];
export type BrandingSlot = 'logo_light' | 'logo_dark' | 'brand_book';
export interface BrandingChanges {
  color_primary?: string;
  color_secondary?: string;
  color_accent?: string;
  guidelines_text?: string;
}

export const brandingKeys = { branding: ['admin', 'branding'] as const };

/** The API's bound on the written guidelines (src/modules/branding/schemas.ts). */
export const GUIDELINES_MAX = 8000;

const MB = 1024 * 1024;
const LOGO = { types: ['image/png', 'image/svg+xml', 'image/jpeg', 'image/webp'], maxBytes: 5 * MB };

/** What each slot takes, as the API checks it (src/modules/branding/slots.ts, SPEC Limits). */
export const SLOTS: Record<BrandingSlot, { label: string; types: readonly string[]; maxBytes: number; hint: string }> =
  {
    logo_light: { label: 'Logo for light backgrounds', ...LOGO, hint: 'PNG, SVG, JPEG or WebP, at most 5 MB.' },
    logo_dark: { label: 'Logo for dark backgrounds', ...LOGO, hint: 'PNG, SVG, JPEG or WebP, at most 5 MB.' },
    brand_book: { label: 'Brand book', types: ['application/pdf'], maxBytes: 25 * MB, hint: 'A PDF, at most 25 MB.' },
  };

export function slotRefusal(slot: BrandingSlot, file: File): string | null {
  const rule = SLOTS[slot];
  if (!rule.types.includes(file.type.toLowerCase())) return `${rule.label} takes ${rule.hint.slice(0, -1)}.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > rule.maxBytes) return `The file is over ${rule.maxBytes / MB} MB.`;
  return null;
}

export async function getBranding(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization/branding')).branding;
}

export async function updateBranding(client: AtriumClient, body: BrandingChanges) {
  return unwrap(await client.api.PATCH('/v1/organization/branding', { body })).branding;
}

export async function requestBrandingUpload(client: AtriumClient, slot: BrandingSlot, file: File) {
  return unwrap(
    await client.api.POST('/v1/organization/branding/uploads', {
      body: { slot, mime_type: file.type, size_bytes: file.size },
    }),
  );
}

export async function attachBrandingAsset(client: AtriumClient, slot: BrandingSlot, file: File, storageKey: string) {
  return unwrap(
    await client.api.PUT('/v1/organization/branding/assets/{slot}', {
      params: { path: { slot } },
      body: { storage_key: storageKey, filename: file.name, mime_type: file.type, size_bytes: file.size },
    }),
  ).branding;
}

export async function removeBrandingAsset(client: AtriumClient, slot: BrandingSlot) {
  unwrap(await client.api.DELETE('/v1/organization/branding/assets/{slot}', { params: { path: { slot } } }));
}
