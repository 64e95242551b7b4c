import { clampChroma, converter, formatHex, wcagContrast } from 'culori';

/** Colour arithmetic shared by every generator: readable text, legible headings, chart series, office hex. */

export const WHITE = '#ffffff';
export const NEAR_BLACK = '#111827';
/** Body text (WCAG 1.4.3 AA). */
export const TEXT_CONTRAST = 4.5;
/** Large text such as headings and titles (WCAG 1.4.3 AA, large text). */
export const LARGE_TEXT_CONTRAST = 3;

/** The chart series colours without a brand (the dashboard's palette since the start). */
export const DEFAULT_SERIES = ['#2563eb', '#f97316', '#16a34a', '#dc2626', '#9333ea', '#0891b2', '#ca8a04', '#db2777'];

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const isHexColor = (value: unknown): value is string => typeof value === 'string' && HEX_COLOR.test(value);

/** `RRGGBB`, the way office XML writes a colour. */
export const hexDigits = (color: string): string => color.slice(1).toUpperCase();

const toOklch = converter('oklch');
interface Lch {
  l: number;
  c: number;
  h: number;
}

function oklchOf(hex: string): Lch {
  const color = toOklch(hex);
  return { l: color?.l ?? 0, c: color?.c ?? 0, h: color?.h ?? 0 };
}

/** The nearest sRGB colour (chroma reduced until it fits) as `#rrggbb`. */
function hexOf({ l, c, h }: Lch): string {
  const color = {
    mode: 'oklch' as const,
    l: Math.min(1, Math.max(0, l)),
    c: Math.max(0, c),
    h: ((h % 360) + 360) % 360,
  };
  return formatHex(clampChroma(color, 'oklch'));
}

/** White or near-black, whichever reaches body-text contrast on `background` (white first; the stronger if neither). */
export function readableTextOn(background: string): string {
  const onWhite = wcagContrast(WHITE, background);
  if (onWhite >= TEXT_CONTRAST) return WHITE;
  const onDark = wcagContrast(NEAR_BLACK, background);
  return onDark >= TEXT_CONTRAST || onDark > onWhite ? NEAR_BLACK : WHITE;
}

/**
 * `color` itself when it reaches `minimum` contrast on `background`, else the same hue made darker (on a light
 * background) or lighter (on a dark one) in OKLCH steps until it does: a pale brand yellow still makes a
 * readable heading on white.
 */
export function legibleOn(color: string, background: string, minimum: number): string {
  if (wcagContrast(color, background) >= minimum) return color;
  const base = oklchOf(color);
  const direction = oklchOf(background).l > 0.6 ? -1 : 1;
  for (let step = 1; step <= 50; step++) {
    const candidate = hexOf({ ...base, l: base.l + direction * step * 0.02 });
    if (wcagContrast(candidate, background) >= minimum) return candidate;
  }
  return readableTextOn(background);
}

/**
 * The brand's three colours when only some are set. The first set one of primary, secondary, accent is the
 * seed; a missing secondary is the seed's hue turned 30° with its lightness moved 0.12 toward the middle (an
 * analogous companion), a missing accent the split complement (hue +150°, at least 0.12 chroma so a grey
 * brand still gets a colour). Null when none is set.
 */
export function completeBrandColors(colors: {
  primary?: string | null | undefined;
  secondary?: string | null | undefined;
  accent?: string | null | undefined;
}): { primary: string; secondary: string; accent: string } | null {
  const set = (c: string | null | undefined) => (isHexColor(c) ? c.toLowerCase() : null);
  const seed = set(colors.primary) ?? set(colors.secondary) ?? set(colors.accent);
  if (!seed) return null;
  const base = oklchOf(seed);
  const towardMiddle = base.l > 0.55 ? -0.12 : 0.12;
  return {
    primary: seed,
    secondary: set(colors.secondary) ?? hexOf({ l: base.l + towardMiddle, c: base.c, h: base.h + 30 }),
    accent:
      set(colors.accent) ??
      hexOf({ l: Math.min(0.75, Math.max(0.55, base.l)), c: Math.max(0.12, base.c), h: base.h + 150 }),
  };
}

/**
 * Chart series colours: primary, secondary, accent, then lighter tints and darker shades of the three (OKLCH
 * lightness ±0.16), `count` in all.
 */
export function seriesColors(brand: { primary: string; secondary: string; accent: string }, count = 8): string[] {
  const bases = [brand.primary, brand.secondary, brand.accent];
  const shade = (hex: string, delta: number) => {
    const c = oklchOf(hex);
    return hexOf({ ...c, l: c.l + (c.l + delta > 0.95 || c.l + delta < 0.15 ? -delta : delta) });
  };
  const all = [...bases, ...bases.map((c) => shade(c, 0.16)), ...bases.map((c) => shade(c, -0.16))];
  return Array.from({ length: count }, (_, i) => all[i % all.length]!);
}
