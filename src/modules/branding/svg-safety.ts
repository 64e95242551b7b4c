/**
 * What an uploaded SVG must look like to be accepted as a logo: UTF-8 text whose first element is `<svg`, with no
 * active content. Served SVGs are made inert anyway (a CSP on the local backend, an attachment on Azure), so these
 * refusals are defence in depth, on purpose broad: a logo has no reason to carry scripts, event handlers,
 * `javascript:` URLs, foreign HTML or entity definitions, and a false refusal costs a re-export, not a breach.
 */

/** Active content, matched on the text with numeric character references decoded (`&#106;avascript:`). */
const ACTIVE_CONTENT: [RegExp, string][] = [
  [/<(?:[\w.-]+:)?script\b/i, 'a <script> element'],
  [/<(?:[\w.-]+:)?foreignObject\b/i, 'a <foreignObject> element'],
  [/[\s"'/]on[a-z]+\s*=/i, 'an event handler attribute (on…=)'],
  [/<!ENTITY/i, 'an entity definition'],
];
/** URL schemes that run code, matched with whitespace and control characters removed (`java\tscript:`). */
const SCRIPT_SCHEMES = ['javascript:', 'vbscript:'];

const decodeCharacterReferences = (text: string) =>
  text.replace(/&#(x[0-9a-f]+|[0-9]+);?/gi, (reference, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : reference;
  });

/**
 * Skips what may come before the root element (whitespace, the XML declaration and other processing
 * instructions, comments, a doctype without an internal subset) and tells whether that element is `<svg`.
 */
function rootIsSvg(text: string): boolean {
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    const rest = text.slice(at, at + 9);
    let end: number;
    if (rest.startsWith('<?')) end = text.indexOf('?>', at) + 2;
    else if (rest.startsWith('<!--')) end = text.indexOf('-->', at) + 3;
    else if (rest.toUpperCase() === '<!DOCTYPE') {
      const close = text.indexOf('>', at);
      // An internal subset could define entities that expand into markup no scan of the text sees.
      if (close === -1 || text.slice(at, close).includes('[')) return false;
      end = close + 1;
    } else return /^<svg[\s/>]/.test(text.slice(at, at + 5));
    if (end < at + 2) return false; // unterminated
    at = end;
  }
}

/** Why the bytes are not an acceptable SVG logo, or null when they are. */
export function svgRefusal(bytes: Uint8Array): string | null {
  let text: string;
  try {
    // Fatal on malformed UTF-8; a leading byte order mark is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'the file is not UTF-8 text, so not an SVG image';
  }
  if (!rootIsSvg(text)) return 'the file does not start with an <svg> element';
  const decoded = decodeCharacterReferences(text);
  for (const [pattern, what] of ACTIVE_CONTENT) {
    if (pattern.test(decoded)) return `the SVG contains ${what}; logos may not carry active content`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these inside a URL scheme.
  const squeezed = decoded.replace(/[\s\u0000-\u001f\u007f]+/g, '').toLowerCase();
  const scheme = SCRIPT_SCHEMES.find((s) => squeezed.includes(s));
  if (scheme) return `the SVG contains a ${scheme} URL; logos may not carry active content`;
  return null;
}
