import { type Appearance, type AppearanceInput, BUILT_IN_PALETTES, MAX_ALLOWED } from './appearance-api.ts';

export interface PaletteChoice {
  id: string;
  name: string;
}

export interface AppearanceValues {
  allowed: string[];
  /** '' when none is set. */
  defaultTheme: string;
}

export type AppearanceField = 'allowed' | 'defaultTheme';

export const APPEARANCE_API_FIELDS: Readonly<Record<string, AppearanceField>> = {
  allowed_themes: 'allowed',
  default_theme: 'defaultTheme',
};

/** Built-ins first, then the organization's themes, then any other allowed palette (by the API's name for it). */
export function paletteChoices(themes: readonly { palette_id: string; name: string }[], appearance: Appearance) {
  const choices: PaletteChoice[] = [...BUILT_IN_PALETTES, ...themes.map((t) => ({ id: t.palette_id, name: t.name }))];
  const known = new Set(choices.map((c) => c.id));
  const named = new Map(appearance.palettes.map((p) => [p.id, p.name]));
  const others = appearance.allowed_themes.filter((id) => !known.has(id));
  return [...choices, ...others.map((id) => ({ id, name: named.get(id) ?? id }))];
}

export const appearanceValuesOf = (appearance: Appearance): AppearanceValues => ({
  allowed: [...appearance.allowed_themes],
  defaultTheme: appearance.default_theme ?? '',
});

export function validateAppearance(values: AppearanceValues): Partial<Record<AppearanceField, string>> {
  const errors: Partial<Record<AppearanceField, string>> = {};
  if (values.allowed.length === 0) errors.allowed = 'Allow at least one palette.';
  else if (values.allowed.length > MAX_ALLOWED) errors.allowed = `Allow at most ${MAX_ALLOWED} palettes.`;
  if (values.defaultTheme && !values.allowed.includes(values.defaultTheme)) {
    errors.defaultTheme = 'The default must be one of the allowed palettes: allow it, or choose another.';
  }
  return errors;
}

export const appearanceBody = (values: AppearanceValues): AppearanceInput => ({
  allowed_themes: values.allowed,
  default_theme: values.defaultTheme || null,
});
