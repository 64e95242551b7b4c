import type { BrandingSlot } from './schemas.ts';

const MB = 1024 * 1024;

/** What each slot takes: its media types and largest size (SPEC Limits). */
export const SLOT_RULES: Record<BrandingSlot, { types: readonly string[]; maxBytes: number; label: string }> = {
  logo_light: { types: ['image/png', 'image/svg+xml', 'image/jpeg', 'image/webp'], maxBytes: 5 * MB, label: 'a logo' },
  logo_dark: { types: ['image/png', 'image/svg+xml', 'image/jpeg', 'image/webp'], maxBytes: 5 * MB, label: 'a logo' },
  brand_book: { types: ['application/pdf'], maxBytes: 25 * MB, label: 'the brand book' },
};

/** Why `slot` cannot take a file of this type and size, or null when it can. */
export function slotRefusal(slot: BrandingSlot, mimeType: string, sizeBytes: number): string | null {
  const rule = SLOT_RULES[slot];
  if (!rule.types.includes(mimeType)) {
    return `mime_type: ${slot} takes ${rule.types.join(', ')}`;
  }
  if (sizeBytes > rule.maxBytes) {
    return `size_bytes: ${rule.label} is at most ${rule.maxBytes / MB} MB (${rule.maxBytes} bytes)`;
  }
  return null;
}
