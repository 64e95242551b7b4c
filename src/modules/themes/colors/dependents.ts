import { inkOn } from './brand.ts';
import { nearestPassing, parseOpaque, passesAll, toHex } from './contrast.ts';
import { LEVELS, type Levels } from './palette-derivation.ts';
import type { ThemeSurface } from './palettes.ts';
import { type ColorToken, TEXT_CONTRAST, UI_CONTRAST } from './tokens.ts';

type Tokens = Readonly<Record<string, string>>;

/**
 * What is re-derived when a token changes. A brand fill carries its ink; the primary also its link and focus
 * ring; the page and panel colours carry the layers and text that sit on them.
 */
export const DEPENDENTS: Partial<Record<ColorToken, readonly ColorToken[]>> = {
  '--color-primary': ['--color-on-primary', '--color-link', '--color-focus-ring'],
  '--color-secondary': ['--color-on-secondary'],
  '--color-accent': ['--color-on-accent'],
  '--color-danger': ['--color-on-danger'],
  '--color-background': [
    '--color-surface',
    '--color-surface-muted',
    '--color-border',
    '--color-text',
    '--color-text-muted',
    '--color-link',
    '--color-focus-ring',
  ],
  '--color-surface': ['--color-text', '--color-text-muted', '--color-link', '--color-focus-ring'],
  '--color-text': ['--color-text-muted'],
};

/** The layers re-derived from the page: each keeps a full derivation's lightness step from it (LEVELS). */
const LAYERS: Partial<Record<ColorToken, keyof Levels>> = {
  '--color-surface': 'surface',
  '--color-surface-muted': 'surfaceMuted',
  '--color-border': 'border',
};
/** Muted text sits this far from the text towards the page, before its contrast is enforced. */
const MUTED_TEXT_SHIFT = 0.25;

const ON_FILLS: Partial<Record<ColorToken, ColorToken>> = {
  '--color-on-primary': '--color-primary',
  '--color-on-secondary': '--color-secondary',
  '--color-on-accent': '--color-accent',
  '--color-on-danger': '--color-danger',
};

/** The value one dependent takes in `tokens` (which already hold the new values), or null if it cannot be derived. */
function derive(token: ColorToken, tokens: Tokens, surface: ThemeSurface): string | null {
  const color = (name: string) => (tokens[name] === undefined ? null : parseOpaque(tokens[name]!));
  const page = color('--color-background');
  const grounds = (...names: string[]) =>
    names.map((n) => tokens[n]).filter((v): v is string => v !== undefined && parseOpaque(v) !== null);
  const fill = ON_FILLS[token];
  if (fill) {
    if (!color(fill)) return null;
    const inks = ['#ffffff', '#000000', tokens['--color-text'], tokens['--color-background']].filter(
      (v): v is string => !!v && !!parseOpaque(v),
    );
    return inkOn(tokens[fill]!, inks);
  }
  const layer = LAYERS[token];
  if (layer) {
    if (!page) return null;
    // Judged by the page itself, not the variant's name: a dark "light" variant gets dark-style layers.
    const levels = LEVELS[page.l > 0.5 ? 'light' : 'dark'][surface];
    return toHex({ ...page, l: Math.min(1, Math.max(0, page.l + levels[layer] - levels.background)) });
  }
  const keep = (start: string | undefined, on: string[], minimum: number) => {
    const from = start === undefined ? null : parseOpaque(start);
    return from ? nearestPassing(from, (hex) => passesAll(hex, on, minimum)) : null;
  };
  switch (token) {
    case '--color-text':
      return keep(
        tokens[token],
        grounds('--color-background', '--color-surface', '--color-surface-muted'),
        TEXT_CONTRAST,
      );
    case '--color-text-muted': {
      const text = color('--color-text');
      if (!text || !page) return null;
      const towardPage = page.l > text.l ? MUTED_TEXT_SHIFT : -MUTED_TEXT_SHIFT;
      const start = toHex({ ...text, l: Math.min(1, Math.max(0, text.l + towardPage)) });
      return keep(start, grounds('--color-background', '--color-surface'), TEXT_CONTRAST);
    }
    case '--color-link':
      return keep(tokens['--color-primary'], grounds('--color-background', '--color-surface'), TEXT_CONTRAST);
    case '--color-focus-ring':
      return keep(tokens['--color-primary'], grounds('--color-background', '--color-surface'), UI_CONTRAST);
    default:
      return null;
  }
}

/**
 * The dependents of `changed` re-derived from the variant's tokens, in dependency order (layers before the
 * text on them), each computed over the values derived before it. A dependent whose inputs are not colours is
 * left out.
 */
export function rederive(changed: string, tokens: Tokens, surface: ThemeSurface): Record<string, string> {
  const working: Record<string, string> = { ...tokens };
  const updates: Record<string, string> = {};
  for (const token of DEPENDENTS[changed as ColorToken] ?? []) {
    const value = derive(token, working, surface);
    if (value === null) continue;
    working[token] = value;
    updates[token] = value;
  }
  return updates;
}
