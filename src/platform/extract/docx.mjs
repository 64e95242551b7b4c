// Word documents for the extraction worker (worker.mjs): mammoth, once the zip is known to unpack within bounds.
import mammoth from 'mammoth';
import { capText } from './text.mjs';
import { assertSafeZip } from './zip.mjs';

export async function extractDocx(data, maxChars) {
  assertSafeZip(data);
  const result = await mammoth.extractRawText({ buffer: data });
  return capText(result.value.trim(), maxChars);
}
