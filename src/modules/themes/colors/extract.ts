import { createHash } from 'node:crypto';
import { colorsNamed, formatHex, parse } from 'culori';

/** At most this many colours are taken from guidelines (the suggest body's own limit). */
export const MAX_EXTRACTED_COLORS = 12;
/** Guidelines are at most 8,000 characters; the scan never reads past that. */
const SCAN_LIMIT = 8000;

/**
 * Names that are CSS colours but read as ordinary words in prose ("a tan leather", "snow", "linen"): a brand
 * book names its colours in hex or in plainer names, so these are not taken.
 */
const AMBIGUOUS_NAMES = new Set(['tan', 'snow', 'linen', 'bisque', 'chocolate', 'peru', 'moccasin', 'seashell']);

const NAMED = Object.keys(colorsNamed)
  .filter((name) => !AMBIGUOUS_NAMES.has(name) && name !== 'transparent')
  .sort((a, b) => b.length - a.length);

// Longest names first so "navy" does not hide "navyblue"-style longer names; whole words only.
const COLOR_PATTERN = new RegExp(`#(?:[0-9a-f]{6}|[0-9a-f]{3})\\b|\\b(?:${NAMED.join('|')})\\b`, 'gi');

/**
 * Colours named in guidelines, in the order they appear, as `#rrggbb`, without repeats: hex codes (`#rgb`,
 * `#rrggbb`) and CSS colour names ("navy and gold"). Bounded: the first 8,000 characters, 12 colours.
 */
export function colorsInGuidelines(guidelines: string): string[] {
  const found: string[] = [];
  for (const match of guidelines.slice(0, SCAN_LIMIT).matchAll(COLOR_PATTERN)) {
    const parsed = parse(match[0].toLowerCase());
    const hex = parsed ? formatHex(parsed) : undefined;
    if (hex && !found.includes(hex)) found.push(hex);
    if (found.length === MAX_EXTRACTED_COLORS) break;
  }
  return found;
}

/**
 * A hue of guidelines that name no colour: the first 16 bits of the SHA-256 of the trimmed, lower-cased text
 * spread over 0-360, so the same guidelines give the same palette on every installation.
 */
export function hueOfText(text: string): number {
  const digest = createHash('sha256').update(text.trim().toLowerCase()).digest();
  return (digest.readUInt16BE(0) / 0x10000) * 360;
}
