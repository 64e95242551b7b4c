import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Clock, systemClock } from '../clock.ts';

/** What a local blob URL grants; every field is covered by its signature. */
export interface BlobGrant {
  method: 'PUT' | 'GET';
  key: string;
  /** Unix seconds. */
  expires: number;
  /** PUT: the exact body length. */
  sizeBytes?: number;
  /** PUT: the blob's content type; GET: a Content-Type override. */
  contentType?: string;
  /** GET: the Content-Disposition file name. */
  filename?: string;
}

export type GrantCheck = 'ok' | 'bad_signature' | 'expired';

/**
 * HMAC-SHA256 over a canonical JSON array of the grant, keyed with a key derived from ATRIUM_SECRET_KEY for this
 * one purpose (the secret key itself never signs anything here).
 */
export function createUrlSigner(secretKey: Buffer, clock: Clock = systemClock) {
  const signingKey = createHmac('sha256', secretKey).update('blob-url-signing').digest();

  function sign(grant: BlobGrant): string {
    const canonical = JSON.stringify([
      'atrium-blob-v1',
      grant.method,
      grant.key,
      grant.expires,
      grant.sizeBytes ?? null,
      grant.contentType ?? null,
      grant.filename ?? null,
    ]);
    return createHmac('sha256', signingKey).update(canonical).digest('hex');
  }

  /** Constant-time comparison against the expected signature; the expiry is checked only for a genuine URL. */
  function check(grant: BlobGrant, signature: string, nowSeconds = clock.now().getTime() / 1000): GrantCheck {
    if (!/^[0-9a-f]{64}$/.test(signature)) return 'bad_signature';
    const expected = Buffer.from(sign(grant), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'bad_signature';
    return grant.expires > nowSeconds ? 'ok' : 'expired';
  }

  return { sign, check };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
