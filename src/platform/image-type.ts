/** The image types told apart by their first bytes (a sender's declared type or file name is never trusted). */
export type SniffedImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/avif';

/** How many leading bytes `imageTypeOf` needs: an AVIF `ftyp` box lists its compatible brands within them. */
export const IMAGE_SNIFF_BYTES = 64;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const AVIF_BRANDS = new Set(['avif', 'avis']);
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** An ISO-BMFF `ftyp` box first, whose major or a compatible brand is avif (still) or avis (sequence). */
function isAvif(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false;
  const declared = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  const boxEnd = Math.min(declared, head.length);
  if (AVIF_BRANDS.has(ascii(head, 8, 12))) return true;
  // Bytes 12-16 are the minor version; the compatible brands follow, four bytes each.
  for (let at = 16; at + 4 <= boxEnd; at += 4) if (AVIF_BRANDS.has(ascii(head, at, at + 4))) return true;
  return false;
}

/** The type of an image by its first bytes (PNG, JPEG, GIF, WebP: `RIFF`, four size bytes, `WEBP`; AVIF), or null. */
export function imageTypeOf(head: Uint8Array): SniffedImageType | null {
  if (head.length >= PNG.length && PNG.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'image/gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  return isAvif(head) ? 'image/avif' : null;
}
