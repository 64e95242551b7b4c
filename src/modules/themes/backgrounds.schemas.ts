import { z } from 'zod';
import { ThemeVariantSchema } from './schemas.ts';

export const BACKGROUND_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const;
export type BackgroundMimeType = (typeof BACKGROUND_MIME_TYPES)[number];
export const MAX_BACKGROUND_BYTES = 8 * 1024 * 1024;

export const RequestBackgroundBody = z.strictObject({
  variant: ThemeVariantSchema,
  mime_type: z.enum(BACKGROUND_MIME_TYPES),
  size_bytes: z.number().int().min(1).max(MAX_BACKGROUND_BYTES),
});

export const BackgroundUploadResponse = z.object({
  upload_url: z.string().describe('PUT the bytes here (header `x-ms-blob-type: BlockBlob`), once, before it expires'),
  asset_id: z.uuid().describe('Attach it with PUT …/background once uploaded'),
  expires_in_seconds: z.number().int(),
});

export const AttachBackgroundBody = z.strictObject({
  variant: ThemeVariantSchema,
  asset_id: z.uuid(),
});

export type RequestBackgroundInput = z.output<typeof RequestBackgroundBody>;
export type AttachBackgroundInput = z.output<typeof AttachBackgroundBody>;
