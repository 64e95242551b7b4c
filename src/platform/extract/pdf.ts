import { PDFParse } from 'pdf-parse';
import type { Extracted } from './index.ts';

/** Text of a PDF with pdf-parse (pdf.js); page markers it adds ("-- 1 of 3 --") are kept as page breaks. */
export async function extractPdf(data: Buffer): Promise<Extracted> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return { text: result.text.trim(), extractor: 'pdf-parse', extractorVersion: '2' };
  } finally {
    await parser.destroy();
  }
}
