// PDF for the extraction worker (worker.mjs): pdf-parse (pdf.js). Page markers it adds ("-- 1 of 3 --") are kept
// as page breaks.
import { PDFParse } from 'pdf-parse';
import { capText } from './text.mjs';

export async function extractPdf(data, maxChars) {
  const parser = new PDFParse({ data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  try {
    const result = await parser.getText();
    return capText(result.text.trim(), maxChars);
  } finally {
    await parser.destroy();
  }
}
