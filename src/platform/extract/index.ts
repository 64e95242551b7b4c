import { extname } from 'node:path';
import { UnsupportedFileType } from './errors.ts';
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits, MAX_EXTRACTED_CHARS } from './limits.ts';
import { runExtraction, type WorkerFormat } from './sandbox.ts';

export { UnreadableFile, UnsupportedFileType } from './errors.ts';
export { DEFAULT_EXTRACT_LIMITS, type ExtractLimits, MAX_EXTRACTED_CHARS } from './limits.ts';

export interface Extracted {
  /** At most MAX_EXTRACTED_CHARS characters. */
  text: string;
  /** The file held more text than MAX_EXTRACTED_CHARS: `text` is its beginning. */
  truncated: boolean;
  /** Which extractor produced the text, and its version: stored with the file so re-extraction can be planned. */
  extractor: string;
  extractorVersion: string;
}

interface Reader {
  format: WorkerFormat;
  extractor: string;
  version: string;
}

const reader = (format: WorkerFormat, extractor: string, version: string): Reader => ({ format, extractor, version });
const READERS = {
  text: reader('text', 'text', '1'),
  markdown: reader('text', 'markdown', '1'),
  csv: reader('text', 'csv', '1'),
  json: reader('json', 'json', '1'),
  html: reader('html', 'html', '2'),
  pdf: reader('pdf', 'pdf-parse', '2'),
  docx: reader('docx', 'mammoth', '1'),
  xlsx: reader('xlsx', 'exceljs', '4'),
};

const BY_EXTENSION: Record<string, Reader> = {
  '.txt': READERS.text,
  '.md': READERS.markdown,
  '.markdown': READERS.markdown,
  '.csv': READERS.csv,
  '.json': READERS.json,
  '.html': READERS.html,
  '.htm': READERS.html,
  '.pdf': READERS.pdf,
  '.docx': READERS.docx,
  '.xlsx': READERS.xlsx,
};

const BY_MIME: Record<string, Reader> = {
  'text/plain': READERS.text,
  'text/markdown': READERS.markdown,
  'text/csv': READERS.csv,
  'application/json': READERS.json,
  'text/html': READERS.html,
  'application/pdf': READERS.pdf,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': READERS.docx,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': READERS.xlsx,
};

/**
 * Text of a file, read in a bounded worker thread (sandbox.ts). The reader is chosen by the file's extension
 * first (clients often send a generic MIME type), then its MIME type. Rejects with UnsupportedFileType or
 * UnreadableFile when the file is at fault.
 */
export async function extractText(
  file: { filename: string; mimeType: string; data: Buffer },
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
): Promise<Extracted> {
  const mime = file.mimeType.split(';')[0]!.trim().toLowerCase();
  const chosen = BY_EXTENSION[extname(file.filename).toLowerCase()] ?? BY_MIME[mime];
  if (!chosen) throw new UnsupportedFileType(file.filename, file.mimeType);
  const { text, truncated } = await runExtraction(chosen.format, file.data, MAX_EXTRACTED_CHARS, limits);
  return { text, truncated, extractor: chosen.extractor, extractorVersion: chosen.version };
}
