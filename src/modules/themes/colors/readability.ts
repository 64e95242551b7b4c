import { contrast, nearestPassing, parseOpaque, shownRatio } from './contrast.ts';
import { CONTRAST_RULES } from './tokens.ts';

export interface ReadabilityIssue {
  foreground: string;
  background: string;
  /** The pair's WCAG contrast ratio, floored to 2 decimals. */
  ratio: number;
  minimum: number;
  /** One token's new value that makes the pair pass: the foreground, lightness moved the least (OKLCH). */
  fix: Record<string, string>;
}

/**
 * The CONTRAST_RULES pairs of a variant's tokens that fail. Pairs where either value is not an opaque colour
 * (absent, a `var(…)`, translucent) are not judged.
 */
export function readabilityIssues(tokens: Readonly<Record<string, string>>): ReadabilityIssue[] {
  const issues: ReadabilityIssue[] = [];
  for (const rule of CONTRAST_RULES) {
    const fgValue = tokens[rule.foreground];
    const bgValue = tokens[rule.background];
    const fg = fgValue === undefined ? null : parseOpaque(fgValue);
    if (!fg || bgValue === undefined || !parseOpaque(bgValue)) continue;
    const ratio = contrast(fgValue!, bgValue);
    if (ratio >= rule.minimum) continue;
    // Black or white reach at least 4.58:1 on any opaque colour, so a fix always exists.
    const fixed = nearestPassing(fg, (hex) => contrast(hex, bgValue) >= rule.minimum)!;
    issues.push({
      foreground: rule.foreground,
      background: rule.background,
      ratio: shownRatio(ratio),
      minimum: rule.minimum,
      fix: { [rule.foreground]: fixed },
    });
  }
  return issues;
}
