// Plain text, Markdown, CSV and JSON for the extraction worker (worker.mjs), and the text cap every format uses.

/** UTF-8 text without a byte-order mark; invalid sequences become U+FFFD rather than failing the file. */
export const decodeUtf8 = (data) => new TextDecoder('utf-8', { ignoreBOM: false }).decode(data);

/** The first `maxChars` UTF-16 units of `text`, never ending inside a surrogate pair. */
function cut(text, maxChars) {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  return text.slice(0, end);
}

/** `{ text, truncated }`: the text as it is, or its first `maxChars` units. */
export function capText(text, maxChars) {
  return text.length > maxChars ? { text: cut(text, maxChars), truncated: true } : { text, truncated: false };
}

/**
 * Gathers text pieces up to `maxChars`, then ignores the rest: streaming formats (HTML, spreadsheets) never hold
 * more text than is kept.
 */
export function createCollector(maxChars) {
  const parts = [];
  let length = 0;
  let truncated = false;
  return {
    get full() {
      return truncated;
    },
    push(piece) {
      if (truncated) return;
      if (length + piece.length > maxChars) {
        parts.push(cut(piece, maxChars - length));
        length = maxChars;
        truncated = true;
        return;
      }
      parts.push(piece);
      length += piece.length;
    },
    result: () => ({ text: parts.join(''), truncated }),
  };
}

/**
 * Text files are decoded only as far as the cap needs: a UTF-16 unit takes at most 3 bytes of UTF-8 (and every
 * invalid byte gives one U+FFFD), so 3 bytes per kept unit always decode to at least `maxChars` units.
 */
export function extractPlainText(data, maxChars) {
  const { text, truncated } = capText(decodeUtf8(data.subarray(0, maxChars * 3)), maxChars);
  return { text, truncated: truncated || data.length > maxChars * 3 };
}

/** JSON is validated and re-indented, so the index sees one value per line. */
export function extractJson(data, maxChars) {
  return capText(JSON.stringify(JSON.parse(decodeUtf8(data)), null, 2), maxChars);
}
