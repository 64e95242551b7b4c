import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../platform/http/errors.ts';

export const SIGNATURE_HEADER = 'x-atrium-signature';
export const TIMESTAMP_HEADER = 'x-atrium-timestamp';
/** How far a delivery's timestamp may be from this server's clock, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * How long after its timestamp a delivery's signature is remembered: twice the tolerance, so that another
 * process whose clock is somewhat ahead or behind cannot accept a replay after the record was purged.
 */
const REMEMBER_SECONDS = 2 * WEBHOOK_TOLERANCE_SECONDS;

export interface VerifiedDelivery {
  /** The presented HMAC in lowercase hex: the replay key. */
  signature: string;
  /** Until when the signature must be remembered. */
  expiresAt: Date;
}

const refused = (code: 'invalid_signature' | 'invalid_timestamp', message: string) => new ApiError(401, code, message);

/** The HMAC-SHA256 of `<timestamp>.<raw body>`, keyed with the trigger's secret. */
export function signDelivery(secret: string, timestamp: string, raw: Buffer): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
}

/**
 * Checks `X-Atrium-Timestamp` (unix seconds, within 5 minutes of now) and `X-Atrium-Signature:
 * sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`, compared in constant time. 401 `invalid_timestamp`
 * or `invalid_signature` otherwise. The timestamp is signed, so a captured delivery cannot be given a new one.
 */
export function verifyDelivery(
  secret: string,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
  nowMs: number,
): VerifiedDelivery {
  const timestamp = headers[TIMESTAMP_HEADER];
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
    throw refused('invalid_timestamp', 'The X-Atrium-Timestamp header must be the sending time in unix seconds');
  }
  const seconds = Number(timestamp);
  if (Math.abs(nowMs / 1000 - seconds) > WEBHOOK_TOLERANCE_SECONDS) {
    throw refused(
      'invalid_timestamp',
      `The X-Atrium-Timestamp header is more than ${WEBHOOK_TOLERANCE_SECONDS} seconds away from the server's clock`,
    );
  }
  const header = headers[SIGNATURE_HEADER];
  const presented = typeof header === 'string' ? /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim()) : null;
  if (!presented || !timingSafeEqual(signDelivery(secret, timestamp, raw), Buffer.from(presented[1]!, 'hex'))) {
    throw refused('invalid_signature', 'The X-Atrium-Signature header does not match the timestamp and body');
  }
  return {
    signature: presented[1]!.toLowerCase(),
    expiresAt: new Date((seconds + REMEMBER_SECONDS) * 1000),
  };
}
