import type { z } from 'zod';
import { paletteIdOf } from './palette-ids.ts';
import type { ThemeSchema } from './schemas.ts';
import type { ThemeRow } from './store.ts';

export function toThemeView(row: ThemeRow): z.output<typeof ThemeSchema> {
  return {
    id: row.id,
    palette_id: paletteIdOf(row.id),
    name: row.name,
    surface: row.surface as 'glass' | 'flat',
    light_enabled: row.lightEnabled,
    dark_enabled: row.darkEnabled,
    light_tokens: row.lightTokens,
    dark_tokens: row.darkTokens,
    background_light_asset_id: row.backgroundLightAssetId,
    background_dark_asset_id: row.backgroundDarkAssetId,
    brand_inputs: row.brandInputs ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
