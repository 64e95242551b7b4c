/**
 * Series colours are the theme's own tokens (tokens.css, or an organization's theme), so a chart follows the
 * theme; there are fewer distinct tokens than the 21 series timeseries-by can return, so past them the line's
 * dash pattern changes too, which also tells series apart without relying on colour alone.
 */
const COLORS = [
  '--color-accent',
  '--color-success',
  '--color-danger',
  '--color-attention-border',
  '--color-muted',
  '--color-text',
] as const;
const DASHES: readonly (readonly number[])[] = [[], [8, 4], [2, 3], [12, 4, 2, 4]];

export interface SeriesLook {
  /** A CSS custom property of the theme. */
  colorToken: string;
  /** Canvas and SVG dash lengths in pixels; empty for a solid line. */
  dash: readonly number[];
}

export function seriesLook(index: number): SeriesLook {
  return {
    colorToken: COLORS[index % COLORS.length] ?? COLORS[0],
    dash: DASHES[Math.floor(index / COLORS.length) % DASHES.length] ?? [],
  };
}

/** Tokens the axes and grid take their colours and font from. */
export const AXIS_TOKENS = { text: '--color-muted', grid: '--color-border', font: '--font-sans' } as const;
