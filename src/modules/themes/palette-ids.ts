import { BUILT_IN_PALETTES, type BuiltInPalette } from './colors/palettes.ts';

const CUSTOM = /^custom-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const BARE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id a custom theme is chosen by among the palettes (appearance, the public stylesheet). */
export const paletteIdOf = (themeId: string) => `custom-${themeId}`;

export type PaletteRef = { kind: 'custom'; themeId: string } | { kind: 'builtin'; palette: BuiltInPalette };

/** A palette id (`custom-<uuid>` or a built-in's id) as what it names; null when it is neither. */
export function parsePaletteId(id: string): PaletteRef | null {
  const custom = CUSTOM.exec(id);
  if (custom) return { kind: 'custom', themeId: custom[1]! };
  const palette = BUILT_IN_PALETTES.find((p) => p.id === id);
  return palette ? { kind: 'builtin', palette } : null;
}

/** The public stylesheet also takes a theme's bare uuid. */
export const parsePublicThemeId = (id: string): PaletteRef | null =>
  BARE_UUID.test(id) ? { kind: 'custom', themeId: id } : parsePaletteId(id);

export const builtInPaletteIds = (): string[] => BUILT_IN_PALETTES.map((p) => p.id);
