import type { ColorToken } from './tokens.ts';

export type ThemeSurface = 'glass' | 'flat';

/** A palette defined in code: offered to every organization, never stored, never listed among its themes. */
export interface BuiltInPalette {
  id: string;
  name: string;
  surface: ThemeSurface;
  light_tokens: Record<ColorToken, string>;
  dark_tokens: Record<ColorToken, string>;
}

const cortex: BuiltInPalette = {
  id: 'cortex',
  name: 'Cortex',
  surface: 'glass',
  light_tokens: {
    '--color-background': '#ffffff',
    '--color-surface': '#f8fafc',
    '--color-surface-muted': '#f1f5f9',
    '--color-text': '#0f172a',
    '--color-text-muted': '#475569',
    '--color-border': '#cbd5e1',
    '--color-primary': '#4f46e5',
    '--color-on-primary': '#ffffff',
    '--color-secondary': '#0f766e',
    '--color-on-secondary': '#ffffff',
    '--color-accent': '#b45309',
    '--color-on-accent': '#ffffff',
    '--color-link': '#4338ca',
    '--color-focus-ring': '#4f46e5',
    '--color-danger': '#b91c1c',
    '--color-on-danger': '#ffffff',
    '--color-success': '#15803d',
  },
  dark_tokens: {
    '--color-background': '#0b1120',
    '--color-surface': '#111827',
    '--color-surface-muted': '#1f2937',
    '--color-text': '#f1f5f9',
    '--color-text-muted': '#94a3b8',
    '--color-border': '#334155',
    '--color-primary': '#818cf8',
    '--color-on-primary': '#0b1120',
    '--color-secondary': '#2dd4bf',
    '--color-on-secondary': '#0b1120',
    '--color-accent': '#fbbf24',
    '--color-on-accent': '#0b1120',
    '--color-link': '#a5b4fc',
    '--color-focus-ring': '#818cf8',
    '--color-danger': '#f87171',
    '--color-on-danger': '#0b1120',
    '--color-success': '#4ade80',
  },
};

/** The built-in palettes, the first being the default of an organization that chose none. */
export const BUILT_IN_PALETTES: readonly BuiltInPalette[] = [cortex];

export const DEFAULT_PALETTE_ID = cortex.id;
