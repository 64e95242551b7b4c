import { randomUUID } from 'node:crypto';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * UUID v7 (RFC 9562): 48-bit millisecond timestamp then randomness, so ids sort by creation time. Built from
 * randomUUID (v4), whose variant bits are already right and whose entropy comes from node's batched pool:
 * this runs on every request (request ids) and costs well under a microsecond.
 */
export function newId(): string {
  const random = randomUUID();
  const time = Date.now().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
