import type { Appearance, Mode, Palette } from './appearance-api.ts';

/** Where the member's choices live in this browser (per organization for the palette: ids differ by organization). */
const paletteKey = (organizationId: string) => `atrium.palette.${organizationId}`;
const MODE_KEY = 'atrium.mode';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage refused (private mode, a policy): the defaults apply.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept across visits; the choice still applies now.
  }
}

export const readMode = (): Mode => {
  const mode = read(MODE_KEY);
  return mode === 'light' || mode === 'dark' ? mode : 'system';
};
export const saveMode = (mode: Mode) => write(MODE_KEY, mode);
export const readPaletteChoice = (organizationId: string) => read(paletteKey(organizationId));
export const savePaletteChoice = (organizationId: string, paletteId: string) =>
  write(paletteKey(organizationId), paletteId);

/**
 * The palette in use: the member's choice while the organization still allows it, else the organization's
 * default, else the first allowed one.
 */
export function activePalette(appearance: Appearance, chosen: string | null): Palette | null {
  const { palettes } = appearance;
  return (
    palettes.find((p) => p.id === chosen) ??
    palettes.find((p) => p.id === appearance.default_theme) ??
    palettes[0] ??
    null
  );
}

/** The variant to pin on the page: the member's mode, unless the palette lacks that variant. */
export function pinnedVariant(palette: Palette | null, mode: Mode): 'light' | 'dark' | null {
  if (palette && !palette.dark_enabled) return 'light';
  if (palette && !palette.light_enabled) return 'dark';
  return mode === 'system' ? null : mode;
}
