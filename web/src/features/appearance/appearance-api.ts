import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type Appearance = components['schemas']['Appearance'];
export type Palette = Appearance['palettes'][number];
/** The member's light/dark choice: the system's, or pinned. */
export type Mode = 'system' | 'light' | 'dark';

export const appearanceKey = ['appearance'] as const;

export async function getAppearance(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization/appearance')).appearance;
}

/** The public stylesheet of a palette: its tokens for light and dark (same origin, no credential). */
export const stylesheetUrl = (paletteId: string) => `/v1/public/themes/${encodeURIComponent(paletteId)}/styles.css`;
