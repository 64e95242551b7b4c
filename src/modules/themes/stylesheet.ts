import { createHash } from 'node:crypto';

/** What a stylesheet is compiled from: a custom theme or a built-in palette, plus our own declarations. */
export interface StylesheetSource {
  surface: string;
  light: Record<string, string> | null;
  dark: Record<string, string> | null;
  /** The absolute URL of each variant's background image, when it has one. */
  backgrounds: { light: string | null; dark: string | null };
}

const DARK_SELECTOR = '[data-theme="dark"]';
const SYSTEM_DARK_MEDIA = '@media (prefers-color-scheme: dark)';
/** The system's dark preference applies unless the page pinned the light variant. */
const SYSTEM_DARK_SELECTOR = ':root:not([data-theme="light"])';

/** A URL of ours inside `url("…")`: percent-encode what could end the string. */
const cssUrl = (url: string) => `url("${url.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;

function declarations(
  scheme: 'light' | 'dark',
  tokens: Record<string, string>,
  surface: string,
  background: string | null,
  indent: string,
): string {
  const lines = [`color-scheme: ${scheme};`, `--theme-surface: ${surface};`];
  if (background) lines.push(`--theme-background-image: ${cssUrl(background)};`);
  // Sorted by code point: the same theme always compiles to the same bytes (and ETag), whatever the storage order.
  for (const name of Object.keys(tokens).sort()) lines.push(`${name}: ${tokens[name]};`);
  return lines.map((line) => `${indent}${line}\n`).join('');
}

const block = (selector: string, body: string, indent = '') => `${indent}${selector} {\n${body}${indent}}\n`;

/**
 * The theme as CSS: the light variant on `:root`; the dark one on `[data-theme="dark"]` and, under the system's
 * dark preference, on `:root` unless the page pinned `data-theme="light"`. A theme with only one enabled variant
 * puts it on `:root` alone. Token values were validated to stay single declaration values (token-rules.ts).
 */
export function compileStylesheet(source: StylesheetSource): string {
  const { light, dark, surface, backgrounds } = source;
  if (light && dark) {
    const darkAt = (indent: string) => declarations('dark', dark, surface, backgrounds.dark, indent);
    return [
      block(':root', declarations('light', light, surface, backgrounds.light, '  ')),
      block(DARK_SELECTOR, darkAt('  ')),
      `${SYSTEM_DARK_MEDIA} {\n${block(SYSTEM_DARK_SELECTOR, darkAt('    '), '  ')}}\n`,
    ].join('\n');
  }
  const only = light ? 'light' : 'dark';
  return block(':root', declarations(only, (light ?? dark)!, surface, backgrounds[only], '  '));
}

/** A strong validator: the same bytes, the same tag. */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/**
 * Whether an If-None-Match header matches `etag`: `*`, or any tag of its list by the weak comparison RFC 9110
 * prescribes for this header (W/ ignored).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
