import type { BackgroundMimeType } from './backgrounds.schemas.ts';

/** How many leading bytes sniffing needs: an AVIF `ftyp` box lists its compatible brands within them. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** An ISO-BMFF `ftyp` box first, whose major or a compatible brand is avif (still) or avis (sequence). */
function isAvif(head: Buffer): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(head.readUInt32BE(0), head.length);
  if (AVIF_BRANDS.has(ascii(head, 8, 12))) return true;
  // Bytes 12-16 are the minor version; the compatible brands follow, four bytes each.
  for (let at = 16; at + 4 <= boxEnd; at += 4) if (AVIF_BRANDS.has(ascii(head, at, at + 4))) return true;
  return false;
}

/** Whether the first bytes of a file are those of the declared image type. */
export function looksLike(mimeType: BackgroundMimeType, head: Buffer): boolean {
  switch (mimeType) {
    case 'image/png':
      return head.subarray(0, 8).equals(PNG);
    case 'image/jpeg':
      return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'image/webp':
      return head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';
    case 'image/avif':
      return isAvif(head);
  }
}
