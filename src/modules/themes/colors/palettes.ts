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

/** A flat green palette: tone-separated panels, no translucency. */
const meadow: BuiltInPalette = {
  id: 'meadow',
  name: 'Meadow',
  surface: 'flat',
  light_tokens: {
    '--color-background': '#f7fffa',
    '--color-surface': '#f0f9f4',
    '--color-surface-muted': '#e7efea',
    '--color-text': '#0c1a12',
    '--color-text-muted': '#4a5a50',
    '--color-border': '#ced7d1',
    '--color-primary': '#2f855a',
    '--color-on-primary': '#ffffff',
    '--color-secondary': '#0e7490',
    '--color-on-secondary': '#ffffff',
    '--color-accent': '#ca8a04',
    '--color-on-accent': '#0c1a12',
    '--color-link': '#276749',
    '--color-focus-ring': '#2f855a',
    '--color-danger': '#c9302d',
    '--color-on-danger': '#ffffff',
    '--color-success': '#15803d',
  },
  dark_tokens: {
    '--color-background': '#070d09',
    '--color-surface': '#0f1512',
    '--color-surface-muted': '#1b211d',
    '--color-text': '#e5f7eb',
    '--color-text-muted': '#a2b3a8',
    '--color-border': '#363c38',
    '--color-primary': '#4ade80',
    '--color-on-primary': '#070d09',
    '--color-secondary': '#22d3ee',
    '--color-on-secondary': '#070d09',
    '--color-accent': '#facc15',
    '--color-on-accent': '#070d09',
    '--color-link': '#86efac',
    '--color-focus-ring': '#4ade80',
    '--color-danger': '#ff655a',
    '--color-on-danger': '#070d09',
    '--color-success': '#55c975',
  },
};

/** A warm glass palette: ember orange over a faintly warm page. */
const ember: BuiltInPalette = {
  id: 'ember',
  name: 'Ember',
  surface: 'glass',
  light_tokens: {
    '--color-background': '#fbf1ee',
    '--color-surface': '#fff9f6',
    '--color-surface-muted': '#f1e7e4',
    '--color-text': '#251712',
    '--color-text-muted': '#65544e',
    '--color-border': '#d8cecb',
    '--color-primary': '#c2410c',
    '--color-on-primary': '#ffffff',
    '--color-secondary': '#9f1239',
    '--color-on-secondary': '#ffffff',
    '--color-accent': '#d97706',
    '--color-on-accent': '#251712',
    '--color-link': '#b23a0a',
    '--color-focus-ring': '#c2410c',
    '--color-danger': '#c9302d',
    '--color-on-danger': '#ffffff',
    '--color-success': '#15803d',
  },
  dark_tokens: {
    '--color-background': '#120c0a',
    '--color-surface': '#201917',
    '--color-surface-muted': '#2c2522',
    '--color-text': '#ffede6',
    '--color-text-muted': '#c0aca6',
    '--color-border': '#463e3b',
    '--color-primary': '#fb923c',
    '--color-on-primary': '#120c0a',
    '--color-secondary': '#fb7185',
    '--color-on-secondary': '#120c0a',
    '--color-accent': '#fbbf24',
    '--color-on-accent': '#120c0a',
    '--color-link': '#fdba74',
    '--color-focus-ring': '#fb923c',
    '--color-danger': '#ff655a',
    '--color-on-danger': '#120c0a',
    '--color-success': '#55c975',
  },
};

/** The built-in palettes, the first being the default of an organization that chose none. */
export const BUILT_IN_PALETTES: readonly BuiltInPalette[] = [cortex, meadow, ember];

export const DEFAULT_PALETTE_ID = cortex.id;
