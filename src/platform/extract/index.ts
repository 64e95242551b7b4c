import { extname } from 'node:path';
import { extractDocx } from './docx.ts';
import { extractHtml } from './html.ts';
import { extractPdf } from './pdf.ts';
import { extractJson, extractPlainText } from './text.ts';
import { extractXlsx } from './xlsx.ts';

export interface Extracted {
  text: string;
  /** Which extractor produced the text, and its version: stored with the file so re-extraction can be planned. */
  extractor: string;
  extractorVersion: string;
}

/** A file type Atrium cannot read; the caller records it as a failed extraction, never a crash. */
export class UnsupportedFileType extends Error {
  constructor(filename: string, mimeType: string) {
    super(`Unsupported file type: ${filename} (${mimeType}). Supported: txt, md, csv, json, html, pdf, docx, xlsx.`);
    this.name = 'UnsupportedFileType';
  }
}

type Extractor = (data: Buffer) => Promise<Extracted> | Extracted;

const BY_EXTENSION: Record<string, Extractor> = {
  '.txt': extractPlainText('text'),
  '.md': extractPlainText('markdown'),
  '.markdown': extractPlainText('markdown'),
  '.csv': extractPlainText('csv'),
  '.json': extractJson,
  '.html': extractHtml,
  '.htm': extractHtml,
  '.pdf': extractPdf,
  '.docx': extractDocx,
  '.xlsx': extractXlsx,
};

const BY_MIME: Record<string, Extractor> = {
  'text/plain': extractPlainText('text'),
  'text/markdown': extractPlainText('markdown'),
  'text/csv': extractPlainText('csv'),
  'application/json': extractJson,
  'text/html': extractHtml,
  'application/pdf': extractPdf,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': extractDocx,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': extractXlsx,
};

/** Text of a file, chosen by its extension first (clients often send a generic MIME type), then its MIME type. */
export async function extractText(file: { filename: string; mimeType: string; data: Buffer }): Promise<Extracted> {
  const mime = file.mimeType.split(';')[0]!.trim().toLowerCase();
  const extractor = BY_EXTENSION[extname(file.filename).toLowerCase()] ?? BY_MIME[mime];
  if (!extractor) throw new UnsupportedFileType(file.filename, file.mimeType);
  return extractor(file.data);
}
