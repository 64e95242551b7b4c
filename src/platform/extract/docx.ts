import mammoth from 'mammoth';
import type { Extracted } from './index.ts';

export async function extractDocx(data: Buffer): Promise<Extracted> {
  const result = await mammoth.extractRawText({ buffer: data });
  return { text: result.value.trim(), extractor: 'mammoth', extractorVersion: '1' };
}
