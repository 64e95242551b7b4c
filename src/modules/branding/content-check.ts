import { IMAGE_SNIFF_BYTES, imageTypeOf, type SniffedImageType } from '../../platform/image-type.ts';
import { BlobNotFoundError, type BlobStorage } from '../../platform/storage/index.ts';
import { svgRefusal } from './svg-safety.ts';

export const SVG = 'image/svg+xml';

/** Whether the first bytes of a file are those of each binary type a slot takes. */
const isImage = (mimeType: SniffedImageType) => (head: Buffer) => imageTypeOf(head) === mimeType;
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': isImage('image/png'),
  'image/jpeg': isImage('image/jpeg'),
  'image/webp': isImage('image/webp'),
  'application/pdf': (h) => h.subarray(0, 5).toString('latin1') === '%PDF-',
};
const SIGNATURE_BYTES = IMAGE_SNIFF_BYTES;

/** At most `maxBytes` from the start of the blob, without reading the rest. */
async function readPrefix(storage: BlobStorage, key: string, maxBytes: number): Promise<Buffer> {
  const stream = await storage.readStream(key);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      if (total >= maxBytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

/**
 * Why the uploaded bytes are not of the declared type, or null when they are: binary types by their signature
 * (a few bytes read), SVG by its text, read whole (a logo, so at most 5 MB, its size already checked).
 */
export async function contentRefusal(
  storage: BlobStorage,
  key: string,
  mimeType: string,
  sizeBytes: number,
): Promise<string | null> {
  try {
    if (mimeType === SVG) return svgRefusal(await readPrefix(storage, key, sizeBytes));
    const matches = SIGNATURES[mimeType];
    if (!matches) return `${mimeType} is not a type a branding slot takes`;
    const head = await readPrefix(storage, key, SIGNATURE_BYTES);
    return matches(head) ? null : `the uploaded bytes are not ${mimeType} (their signature does not match)`;
  } catch (error) {
    if (error instanceof BlobNotFoundError) return 'nothing was uploaded to the storage key';
    throw error;
  }
}
