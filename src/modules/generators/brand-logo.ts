import { imageTypeOf } from '../../platform/image-type.ts';
/** The largest logo embedded in a file (the branding upload limit). */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

export type LogoMimeType = 'image/png' | 'image/jpeg' | 'image/svg+xml' | 'image/webp';

/** A logo whose bytes were checked against its type, with its intrinsic size (pixels, or SVG user units). */
export interface CheckedLogo {
  data: Buffer;
  mimeType: LogoMimeType;
  width: number;
  height: number;
}

function pngSize(data: Buffer) {
  const signature = '89504e470d0a1a0a';
  if (data.length < 24 || data.subarray(0, 8).toString('hex') !== signature) return null;
  if (data.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding) do not.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(data: Buffer) {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (SOF.has(marker)) return { width: data.readUInt16BE(at + 7), height: data.readUInt16BE(at + 5) };
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

function webpSize(data: Buffer) {
  if (data.length < 16) return null;
  // Only the dashboard takes a WebP logo, and a browser sizes it itself: the size here just has to be positive.
  return imageTypeOf(data) === 'image/webp' ? { width: 1, height: 1 } : null;
}

const SVG_ROOT = /<svg\b[^>]*>/i;
const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];

function svgSize(data: Buffer) {
  const head = data.subarray(0, 64 * 1024).toString('utf8');
  const tag = head.match(SVG_ROOT)?.[0];
  if (!tag) return null;
  const box = attribute(tag, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  const width = Number.parseFloat(attribute(tag, 'width') ?? '');
  const height = Number.parseFloat(attribute(tag, 'height') ?? '');
  return width > 0 && height > 0 ? { width, height } : { width: 1, height: 1 };
}

const SIZE_OF: Record<LogoMimeType, (data: Buffer) => { width: number; height: number } | null> = {
  'image/png': pngSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
  'image/svg+xml': svgSize,
};

const isLogoMimeType = (type: string): type is LogoMimeType => Object.hasOwn(SIZE_OF, type);

/**
 * The logo with its size, or null when it cannot be embedded safely: an unknown type, empty or over 5 MB, or
 * bytes that are not what the type says (a file built around them would show a broken picture, or not open).
 */
export function checkLogo(logo: { data: Buffer; mimeType: string } | null | undefined): CheckedLogo | null {
  if (!logo || !Buffer.isBuffer(logo.data) || logo.data.length === 0 || logo.data.length > MAX_LOGO_BYTES) return null;
  if (!isLogoMimeType(logo.mimeType)) return null;
  const size = SIZE_OF[logo.mimeType](logo.data);
  if (!size || !(size.width > 0) || !(size.height > 0)) return null;
  return { data: logo.data, mimeType: logo.mimeType, ...size };
}

/** The largest size with the logo's aspect ratio that fits within maxWidth × maxHeight (in the caller's unit). */
export function fitLogo(logo: CheckedLogo, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(maxWidth / logo.width, maxHeight / logo.height);
  return { width: logo.width * scale, height: logo.height * scale };
}

/** The logo as a `data:` URI. */
export const logoDataUri = (logo: CheckedLogo) => `data:${logo.mimeType};base64,${logo.data.toString('base64')}`;
