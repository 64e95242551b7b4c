import type { Oklch } from 'culori';
import { type BrandColors, brandTokens, inkOn, mustPass, type VariantGround } from './brand.ts';
import { contrast, nearestPassing, oklch, passesAll, toHex } from './contrast.ts';
import type { ThemeSurface } from './palettes.ts';
import { type ColorToken, TEXT_CONTRAST, UI_CONTRAST } from './tokens.ts';

export type Variant = 'light' | 'dark';

/** OKLCH lightness of the neutral layers per variant and surface. */
export interface Levels {
  background: number;
  surface: number;
  surfaceMuted: number;
  border: number;
  text: number;
  textMuted: number;
}

/**
 * Glass layers translucent panels over the page, so its panels sit lighter than the page (light) and close to
 * it (dark); flat separates layers by tone alone, so its steps are wider and panels darker than a white page.
 */
export const LEVELS: Record<Variant, Record<ThemeSurface, Levels>> = {
  light: {
    glass: { background: 0.965, surface: 0.99, surfaceMuted: 0.935, border: 0.86, text: 0.22, textMuted: 0.46 },
    flat: { background: 0.995, surface: 0.975, surfaceMuted: 0.945, border: 0.87, text: 0.2, textMuted: 0.45 },
  },
  dark: {
    glass: { background: 0.16, surface: 0.22, surfaceMuted: 0.27, border: 0.37, text: 0.96, textMuted: 0.76 },
    flat: { background: 0.15, surface: 0.19, surfaceMuted: 0.24, border: 0.35, text: 0.96, textMuted: 0.75 },
  },
};

/** Neutrals carry a trace of the primary's hue. */
const NEUTRAL_CHROMA = 0.012;
const TEXT_CHROMA = 0.025;
/** Status colours keep their conventional hues whatever the brand. */
const DANGER = { c: 0.19, h: 27, l: { light: 0.55, dark: 0.7 } };
const SUCCESS = { c: 0.16, h: 150, l: { light: 0.55, dark: 0.75 } };

/** Every COLOR_TOKENS token of one variant from the brand colours, each CONTRAST_RULES pair passing. */
export function deriveVariant(brand: BrandColors, variant: Variant, surface: ThemeSurface): Record<ColorToken, string> {
  const levels = LEVELS[variant][surface];
  const hue = brand.primary.c > 0.02 ? brand.primary.h : undefined;
  const neutral = (l: number, c = NEUTRAL_CHROMA) => oklch(l, hue === undefined ? 0 : c, hue);
  const background = toHex(neutral(levels.background));
  const surfaceHex = toHex(neutral(levels.surface));
  const surfaceMuted = toHex(neutral(levels.surfaceMuted));
  const near = (start: Oklch, grounds: string[], minimum: number, what: string) =>
    mustPass(
      nearestPassing(start, (hex) => passesAll(hex, grounds, minimum)),
      what,
    );
  const text = near(neutral(levels.text, TEXT_CHROMA), [background, surfaceHex, surfaceMuted], TEXT_CONTRAST, 'text');
  const ground: VariantGround = {
    background,
    inks: variant === 'light' ? ['#ffffff', text] : [text, background],
  };
  const brandSet = brandTokens(brand, ground);
  const dangerStart = oklch(DANGER.l[variant], DANGER.c, DANGER.h);
  const danger = mustPass(
    nearestPassing(
      dangerStart,
      (hex) => contrast(hex, surfaceHex) >= TEXT_CONTRAST && ground.inks.some((i) => contrast(i, hex) >= TEXT_CONTRAST),
    ),
    'danger',
  );
  return {
    '--color-background': background,
    '--color-surface': surfaceHex,
    '--color-surface-muted': surfaceMuted,
    '--color-text': text,
    '--color-text-muted': near(
      neutral(levels.textMuted, TEXT_CHROMA),
      [background, surfaceHex],
      TEXT_CONTRAST,
      'muted text',
    ),
    '--color-border': toHex(neutral(levels.border)),
    ...brandSet,
    '--color-link': near(brand.primary, [background, surfaceHex], TEXT_CONTRAST, 'link'),
    '--color-focus-ring': near(brand.primary, [background, surfaceHex], UI_CONTRAST, 'focus ring'),
    '--color-danger': danger,
    '--color-on-danger': inkOn(danger, ground.inks),
    '--color-success': near(oklch(SUCCESS.l[variant], SUCCESS.c, SUCCESS.h), [surfaceHex], UI_CONTRAST, 'success'),
  };
}
