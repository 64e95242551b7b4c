import type { Extracted } from './index.ts';

const VERSION = '1';

/** UTF-8 text without a byte-order mark; invalid sequences become U+FFFD rather than failing the file. */
export const decodeUtf8 = (data: Buffer) => new TextDecoder('utf-8', { ignoreBOM: false }).decode(data);

export const extractPlainText =
  (kind: 'text' | 'markdown' | 'csv') =>
  (data: Buffer): Extracted => ({ text: decodeUtf8(data), extractor: kind, extractorVersion: VERSION });

/** JSON is validated and re-indented, so the index sees one value per line. */
export function extractJson(data: Buffer): Extracted {
  const parsed = JSON.parse(decodeUtf8(data)) as unknown;
  return { text: JSON.stringify(parsed, null, 2), extractor: 'json', extractorVersion: VERSION };
}
