import { unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../../lib/client-context.tsx';
import type { Variant } from './themes-api.ts';

const MB = 1024 * 1024;
/** What a background may be (src/modules/themes/backgrounds.schemas.ts, SPEC Limits). */
export const BACKGROUND_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const;
export const BACKGROUND_MAX_BYTES = 8 * MB;

export function backgroundRefusal(file: File): string | null {
  if (!(BACKGROUND_TYPES as readonly string[]).includes(file.type.toLowerCase())) {
    return 'A background is a PNG, JPEG, WebP or AVIF image.';
  }
  if (file.size === 0) return 'The file is empty.';
  if (file.size > BACKGROUND_MAX_BYTES) return 'The image is over 8 MB.';
  return null;
}

export async function requestBackground(client: AtriumClient, themeId: string, variant: Variant, file: File) {
  return unwrap(
    await client.api.POST('/v1/organization/themes/{themeId}/background', {
      params: { path: { themeId } },
      body: {
        variant,
        mime_type: file.type.toLowerCase() as (typeof BACKGROUND_TYPES)[number],
        size_bytes: file.size,
      },
    }),
  );
}

export async function attachBackground(client: AtriumClient, themeId: string, variant: Variant, assetId: string) {
  return unwrap(
    await client.api.PUT('/v1/organization/themes/{themeId}/background', {
      params: { path: { themeId } },
      body: { variant, asset_id: assetId },
    }),
  ).theme;
}

export async function removeBackground(client: AtriumClient, themeId: string, variant: Variant) {
  unwrap(
    await client.api.DELETE('/v1/organization/themes/{themeId}/background/{variant}', {
      params: { path: { themeId, variant } },
    }),
  );
}
