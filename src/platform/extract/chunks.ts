/** Target size of a searchable chunk, in characters; chunks break at paragraph, then sentence, then word ends. */
const CHUNK_SIZE = 1200;
const MIN_BREAK = 600;

/**
 * Splits extracted text into chunks for full-text search. Each chunk ends at the last paragraph break (else
 * sentence end, else space) after MIN_BREAK characters, so snippets stay readable. Linear in the text length.
 */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  const clean = text.replace(/\r\n?/g, '\n');
  while (start < clean.length) {
    let end = Math.min(start + CHUNK_SIZE, clean.length);
    if (end < clean.length) {
      const window = clean.slice(start + MIN_BREAK, end);
      const breakAt = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('. '), window.lastIndexOf('\n'));
      const at = breakAt >= 0 ? breakAt : window.lastIndexOf(' ');
      if (at >= 0) end = start + MIN_BREAK + at + 1;
    }
    const piece = clean.slice(start, end).trim();
    if (piece) chunks.push(piece);
    start = end;
  }
  return chunks;
}
