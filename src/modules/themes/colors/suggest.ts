import type { Oklch } from 'culori';
import { type BrandColors, type BrandToken, brandTokens, mustPass } from './brand.ts';
import { oklch, parseOpaque, toHex } from './contrast.ts';
import { colorsInGuidelines, hueOfText } from './extract.ts';
import { deriveVariant, type Variant } from './palette-derivation.ts';
import { BUILT_IN_PALETTES, DEFAULT_PALETTE_ID, type ThemeSurface } from './palettes.ts';
import type { ColorToken } from './tokens.ts';

export type SuggestScope = 'colors' | 'full';

export interface SuggestedTokens {
  light_tokens: Partial<Record<ColorToken, string>>;
  dark_tokens: Partial<Record<ColorToken, string>>;
}

/** Below this OKLCH chroma a colour is a neutral (white, greys, black): never a brand colour while others exist. */
const CHROMATIC = 0.03;
/** A generated brand colour: mid lightness, clearly chromatic. */
const GENERATED = { l: 0.55, c: 0.15 };
/** Hue offsets of the secondary (analogous) and accent (complementary) when the input has too few colours. */
const SECONDARY_TURN = 40;
const ACCENT_TURN = 180;

/** A companion hue at a usable mid lightness (a turned near-white yellow would be a washed-out pastel). */
const turn = (color: Oklch, degrees: number): Oklch => ({
  ...color,
  l: Math.min(0.7, Math.max(0.45, color.l)),
  h: ((color.h ?? 0) + degrees + 360) % 360,
});

/**
 * The brand colours of a list: the chromatic ones in order (primary, secondary, accent); missing ones turned from
 * the primary's hue. A list of neutrals only gives a monochrome brand on its first colour.
 */
export function brandOf(colors: readonly string[]): BrandColors {
  const parsed = colors.map((c) => mustPass(parseOpaque(c), 'a colour'));
  const chromatic = parsed.filter((c) => c.c >= CHROMATIC);
  const [primary = parsed[0]!, secondary = turn(primary, SECONDARY_TURN), accent = turn(primary, ACCENT_TURN)] =
    chromatic;
  return { primary, secondary, accent };
}

/** The colours a deterministic suggestion starts from: the body's, then those the guidelines name. */
export function colorsFromInputs(colors: readonly string[], guidelines: string): string[] {
  const given = colors.map((c) => c.toLowerCase());
  return [...new Set([...given, ...colorsInGuidelines(guidelines)])];
}

/** A brand from guidelines that name no colour: one generated hue (see hueOfText). */
export const brandOfText = (text: string): BrandColors =>
  brandOf([toHex(oklch(GENERATED.l, GENERATED.c, hueOfText(text)))]);

const defaultPalette = BUILT_IN_PALETTES.find((p) => p.id === DEFAULT_PALETTE_ID)!;

/** The built-in variant a `scope: colors` answer is meant to sit on: the default palette's background and inks. */
function defaultGround(variant: Variant) {
  const tokens = variant === 'light' ? defaultPalette.light_tokens : defaultPalette.dark_tokens;
  const background = tokens['--color-background'];
  const text = tokens['--color-text'];
  // As in a full derivation: white and the text colour on light, the text and the page colour on dark.
  const inks: readonly [string, string] = variant === 'light' ? ['#ffffff', text] : [text, background];
  return { background, inks };
}

/** The deterministic suggestion for a brand: the six brand tokens per variant, or every colour token. */
export function suggestTokens(brand: BrandColors, scope: SuggestScope, surface: ThemeSurface): SuggestedTokens {
  if (scope === 'full')
    return { light_tokens: deriveVariant(brand, 'light', surface), dark_tokens: deriveVariant(brand, 'dark', surface) };
  const pick = (variant: Variant): Record<BrandToken, string> => brandTokens(brand, defaultGround(variant));
  return { light_tokens: pick('light'), dark_tokens: pick('dark') };
}
