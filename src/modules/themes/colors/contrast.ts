import { converter, formatHex, type Oklch, parse, toGamut, wcagContrast } from 'culori';

const toOklch = converter('oklch');
const intoSrgb = toGamut('rgb', 'oklch');

/** Lightness step of the search: fine enough that the change is minimal, coarse enough to stay cheap. */
const LIGHTNESS_STEP = 0.004;

/**
 * An opaque colour in OKLCH, or null: a value that is no CSS colour (a `var(…)`, a length) or is translucent,
 * whose contrast depends on what lies beneath it, is not judged.
 */
export function parseOpaque(value: string): Oklch | null {
  const parsed = parse(value.trim());
  if (!parsed || (parsed.alpha !== undefined && parsed.alpha < 1)) return null;
  const oklch = toOklch(parsed);
  return { ...oklch, l: oklch.l ?? 0, c: oklch.c ?? 0 };
}

/** `#rrggbb` of a colour, mapped into sRGB by reducing chroma at constant lightness and hue. */
export const toHex = (color: Oklch): string => formatHex(intoSrgb(color));

/** WCAG 2.x contrast ratio of two colours (culori's relative luminance). */
export const contrast = (a: Oklch | string, b: Oklch | string): number => wcagContrast(a, b);

/** The ratio as shown: floored to 2 decimals, so a failing 4.499 never reads as 4.5. */
export const shownRatio = (ratio: number): number => Math.floor(ratio * 100) / 100;

export const oklch = (l: number, c: number, h: number | undefined): Oklch => ({ mode: 'oklch', l, c, h });

/**
 * The `#rrggbb` nearest to `color` in OKLCH lightness (hue and chroma kept, chroma reduced only to stay in
 * gamut) that `passes`; the colour itself when it passes. Both directions are searched and the smaller change
 * wins (darker on a tie). Returns null when no lightness passes (constraints pulling both ways).
 */
export function nearestPassing(color: Oklch, passes: (hex: string) => boolean): string | null {
  const start = toHex(color);
  if (passes(start)) return start;
  for (let delta = LIGHTNESS_STEP; delta < 1 + LIGHTNESS_STEP; delta += LIGHTNESS_STEP) {
    for (const l of [color.l - delta, color.l + delta]) {
      if (l < -LIGHTNESS_STEP || l > 1 + LIGHTNESS_STEP) continue;
      const hex = toHex({ ...color, l: Math.min(1, Math.max(0, l)) });
      if (passes(hex)) return hex;
    }
  }
  return null;
}

/** Whether `fg` reaches `minimum` against every one of `backgrounds`. */
export const passesAll = (fg: string, backgrounds: readonly string[], minimum: number): boolean =>
  backgrounds.every((bg) => contrast(fg, bg) >= minimum);
