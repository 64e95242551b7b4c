import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'atr_';
/** How many leading characters of a key are kept in clear so people can tell their keys apart. */
const VISIBLE_PREFIX_LENGTH = 12;

/** 32 random bytes (256 bits) behind a recognisable marker, so secret scanners can spot leaked keys. */
export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Keys are high-entropy, so a fast digest is as safe as a slow hash and lets the lookup be one index probe. */
export function digestApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function visiblePrefix(key: string): string {
  return key.slice(0, VISIBLE_PREFIX_LENGTH);
}
