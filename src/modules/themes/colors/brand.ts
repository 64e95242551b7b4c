import type { Oklch } from 'culori';
import { contrast, nearestPassing, parseOpaque } from './contrast.ts';
import { TEXT_CONTRAST, UI_CONTRAST } from './tokens.ts';

/** The brand tokens a `scope: colors` suggestion answers, per variant. */
export const BRAND_TOKENS = [
  '--color-primary',
  '--color-on-primary',
  '--color-secondary',
  '--color-on-secondary',
  '--color-accent',
  '--color-on-accent',
] as const;

export type BrandToken = (typeof BRAND_TOKENS)[number];

/** The three brand colours a derivation starts from (see suggest.ts for how they are chosen). */
export interface BrandColors {
  primary: Oklch;
  secondary: Oklch;
  accent: Oklch;
}

/** What brand colours are held against in one variant: its page background and its light and dark inks. */
export interface VariantGround {
  background: string;
  /** Candidate text colours for content on a brand colour: one light, one dark. */
  inks: readonly [string, string];
}

/** The ink that reads best on `fill`, moved in lightness until it reaches body-text contrast. */
export function inkOn(fill: string, inks: readonly string[]): string {
  const best = [...inks].sort((a, b) => contrast(b, fill) - contrast(a, fill))[0]!;
  return mustPass(
    nearestPassing(parseHex(best), (hex) => contrast(hex, fill) >= TEXT_CONTRAST),
    'an ink',
  );
}

/** Whether one of the inks reaches body-text contrast on `fill`. */
const inkable = (fill: string, inks: readonly string[]) => inks.some((ink) => contrast(ink, fill) >= TEXT_CONTRAST);

/**
 * A brand colour for the variant: its nearest lightness on which an ink reads (4.5:1) and, for the primary,
 * that stands out from the background as a UI part (3:1).
 */
export function brandFill(color: Oklch, ground: VariantGround, againstBackground: boolean): string {
  const passes = (hex: string) =>
    inkable(hex, ground.inks) && (!againstBackground || contrast(hex, ground.background) >= UI_CONTRAST);
  return mustPass(nearestPassing(color, passes), 'a brand colour');
}

/** The six brand tokens of one variant. */
export function brandTokens(brand: BrandColors, ground: VariantGround): Record<BrandToken, string> {
  const primary = brandFill(brand.primary, ground, true);
  const secondary = brandFill(brand.secondary, ground, false);
  const accent = brandFill(brand.accent, ground, false);
  return {
    '--color-primary': primary,
    '--color-on-primary': inkOn(primary, ground.inks),
    '--color-secondary': secondary,
    '--color-on-secondary': inkOn(secondary, ground.inks),
    '--color-accent': accent,
    '--color-on-accent': inkOn(accent, ground.inks),
  };
}

function parseHex(hex: string): Oklch {
  return mustPass(parseOpaque(hex), 'a colour');
}

/**
 * The searches always succeed for the inputs the derivation builds (black or white reach 4.5:1 on any colour);
 * a null here is a bug, not a user error.
 */
export function mustPass<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`colour derivation found no ${what} meeting its contrast rules`);
  return value;
}
