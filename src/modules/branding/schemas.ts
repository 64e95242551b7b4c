import { z } from 'zod';

/** The asset slots of an organization's branding, as the API names them. */
export const BRANDING_SLOTS = ['logo_light', 'logo_dark', 'brand_book'] as const;
export type BrandingSlot = (typeof BRANDING_SLOTS)[number];

export const BrandingAssetSchema = z
  .object({
    storage_key: z.string(),
    filename: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    get_url: z.string().describe('A signed download URL, valid for one hour'),
  })
  .meta({ id: 'BrandingAsset' });

export const BrandingSchema = z
  .object({
    organization_id: z.uuid(),
    logo_light: BrandingAssetSchema.nullable(),
    logo_dark: BrandingAssetSchema.nullable(),
    brand_book: BrandingAssetSchema.nullable(),
    color_primary: z.string().nullable(),
    color_secondary: z.string().nullable(),
    color_accent: z.string().nullable(),
    guidelines_text: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'Branding' });

export const BrandingResponse = z.object({ branding: BrandingSchema });

/** `#RRGGBB`, stored lower-case; the empty string (or null) clears. */
const color = z
  .string()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'a colour is #RRGGBB (or the empty string to clear it)')
  .nullable()
  .transform((v) => (v ? v.toLowerCase() : null));

export const PatchBrandingBody = z
  .strictObject({
    color_primary: color,
    color_secondary: color,
    color_accent: color,
    guidelines_text: z
      .string()
      .trim()
      .max(8000)
      .nullable()
      .transform((v) => v || null)
      .describe('Trimmed; the empty string (or null) clears'),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, {
    message: 'Give at least one of color_primary, color_secondary, color_accent, guidelines_text',
  });

/** Media types are case-insensitive: compared and stored lower-case. */
const mimeType = z.string().trim().toLowerCase().min(1).max(255);
const sizeBytes = z.number().int().min(1);

export const RequestUploadBody = z.strictObject({
  slot: z.enum(BRANDING_SLOTS),
  mime_type: mimeType.describe('Logos: image/png, image/svg+xml, image/jpeg, image/webp; brand book: application/pdf'),
  size_bytes: sizeBytes.describe('Exact length in bytes; logos at most 5 MB, the brand book at most 25 MB'),
});

export const UploadResponse = z.object({
  upload_url: z.string().describe('PUT the bytes here with `x-ms-blob-type: BlockBlob`; create-only'),
  storage_key: z.string(),
  expires_in_seconds: z.number().int(),
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const NOT_IN_A_BASENAME = /[/\\\u0000-\u001f\u007f]/;

export const AttachAssetBody = z.strictObject({
  storage_key: z.string().min(1).max(1000).describe('The key an upload request issued for this slot'),
  filename: z
    .string()
    .min(1)
    .max(255)
    .refine((f) => !NOT_IN_A_BASENAME.test(f) && f !== '.' && f !== '..', {
      message: 'filename must be a base name: no "/", "\\" or control characters, not "." or ".."',
    }),
  mime_type: mimeType.describe('As declared in the upload request'),
  size_bytes: sizeBytes.describe('As declared in the upload request'),
});

export const SlotParams = z.object({ slot: z.enum(BRANDING_SLOTS) });

export type PatchBrandingInput = z.output<typeof PatchBrandingBody>;
export type RequestUploadInput = z.output<typeof RequestUploadBody>;
export type AttachAssetInput = z.output<typeof AttachAssetBody>;
export type BrandingView = z.output<typeof BrandingSchema>;
