import { resolve, sep } from 'node:path';

/** A key that no backend accepts; keys are built by services, so meeting one is a programming error. */
export class InvalidBlobKeyError extends Error {
  constructor(key: string, problem: string) {
    super(`Invalid blob key ${JSON.stringify(key.slice(0, 100))}: ${problem}`);
    this.name = 'InvalidBlobKeyError';
  }
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

const MAX_KEY_LENGTH = 1024;
const MAX_SEGMENT_BYTES = 255;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * Blob keys are relative, '/'-separated paths, the same rules on every backend: 1-1024 characters, no leading,
 * trailing or doubled '/', no '.' or '..' segment, no backslash or control character, segments of at most
 * 255 bytes (a file name on local disk).
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidBlobKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidBlobKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (FORBIDDEN.test(key)) throw new InvalidBlobKeyError(key, 'contains a backslash or a control character');
  if (key.startsWith('/')) throw new InvalidBlobKeyError(key, 'is absolute');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidBlobKeyError(key, 'has an empty path segment');
    if (segment === '.' || segment === '..') throw new InvalidBlobKeyError(key, 'has a "." or ".." segment');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw new InvalidBlobKeyError(key, `has a segment longer than ${MAX_SEGMENT_BYTES} bytes`);
    }
  }
}

export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The file of `key` under `root`; checked again after resolution so no key can leave the root. */
export function pathOfKey(root: string, key: string): string {
  assertValidKey(key);
  const base = resolve(root);
  const path = resolve(base, ...key.split('/'));
  if (!path.startsWith(base + sep)) throw new InvalidBlobKeyError(key, 'leaves the storage directory');
  return path;
}

/** `a/b c/d` → `a/b%20c/d`: each segment percent-encoded, the separators kept. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** The key of a URL path below a prefix, or null when the path cannot be a valid key. */
export function keyOfUrlPath(encodedPath: string): string | null {
  const segments: string[] = [];
  for (const raw of encodedPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // An encoded '/' would make the key differ from the path the client sees.
    if (segment.includes('/')) return null;
    segments.push(segment);
  }
  const key = segments.join('/');
  return isValidKey(key) ? key : null;
}
