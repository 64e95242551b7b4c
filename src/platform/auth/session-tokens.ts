import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type Clock, systemClock } from '../clock.ts';

export const SESSION_LIFETIME_SECONDS = 8 * 60 * 60;
export const RENEW_WINDOW_SECONDS = 7 * 24 * 60 * 60;
/** However often it is renewed, a session ends this long after the password sign-in it descends from. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface SessionClaims {
  /** user id */
  sub: string;
  /** the user's organization id */
  org: string;
  /** id of the API key that minted the session: the session dies with it */
  akid: string;
  iat: number;
  exp: number;
  /**
   * When the user signed in with a password (`auth_time`); renewals carry it forward. Tokens issued before the
   * claim existed count from their own `iat`, the latest moment their sign-in can have happened.
   */
  authTime: number;
  /** The web sign-in (a `web_sessions` row) the token descends from, or null: only such tokens can be revoked. */
  sid: string | null;
}

export interface SessionTokens {
  /** A fresh sign-in without `authTime`; a renewal passes the sign-in time of the token it replaces. */
  issue(claims: { userId: string; organizationId: string; apiKeyId: string; authTime?: number; sid?: string | null }): {
    token: string;
    expiresAt: Date;
  };
  /** Claims of a token with a genuine signature, expired or not; null for anything forged or malformed. */
  readSigned(token: string): SessionClaims | null;
  /** Claims of a genuine token that has not expired yet; null otherwise. */
  readValid(token: string): SessionClaims | null;
}

/** Cheap structural test so a bearer value is routed to the JWT or the API key path without a database call. */
export function looksLikeJwt(credential: string): boolean {
  return /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(credential);
}

const encode = (value: object) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Session JWTs (RFC 7519), HS256 only, written with node:crypto. Verification runs on every request with a
 * session, and node's synchronous HMAC costs about 4 µs where a WebCrypto verify (jose) costs over 100 µs.
 * The algorithm is pinned (the header must say HS256, so `none` or RS256 confusions cannot apply), the key id
 * and type are checked, and the signature is compared in constant time against its canonical encoding.
 */
export function createSessionTokens(secret: Buffer, clock: Clock = systemClock): SessionTokens {
  // The key id lets a future key rotation tell tokens apart; a token signed under another kid is refused.
  const kid = createHash('sha256').update(secret).digest('base64url').slice(0, 16);
  const header = encode({ alg: 'HS256', kid, typ: 'JWT' });
  const sign = (signingInput: string) => createHmac('sha256', secret).update(signingInput).digest('base64url');

  function readSigned(token: string): SessionClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const expected = Buffer.from(sign(`${headerPart}.${payloadPart}`));
    const given = Buffer.from(signaturePart);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = decodeJson(headerPart);
    if (head?.alg !== 'HS256' || head.kid !== kid || head.typ !== 'JWT') return null;
    const claims = decodeJson(payloadPart);
    if (!claims) return null;
    const { sub, org, akid, iat, exp, auth_time, sid } = claims;
    if (typeof sub !== 'string' || typeof org !== 'string' || typeof akid !== 'string') return null;
    if (typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (auth_time !== undefined && typeof auth_time !== 'number') return null;
    if (sid !== undefined && typeof sid !== 'string') return null;
    return { sub, org, akid, iat, exp, authTime: auth_time ?? iat, sid: sid ?? null };
  }

  return {
    issue({ userId, organizationId, apiKeyId, authTime, sid }) {
      const iat = Math.floor(clock.now().getTime() / 1000);
      const auth_time = authTime ?? iat;
      // The last renewal's token ends with the session's absolute lifetime, not 8 hours past it.
      const exp = Math.min(iat + SESSION_LIFETIME_SECONDS, auth_time + SESSION_MAX_AGE_SECONDS);
      const payload = encode({
        sub: userId,
        org: organizationId,
        akid: apiKeyId,
        iat,
        exp,
        auth_time,
        ...(sid ? { sid } : {}),
      });
      const token = `${header}.${payload}.${sign(`${header}.${payload}`)}`;
      return { token, expiresAt: new Date(exp * 1000) };
    },
    readSigned,
    readValid(token) {
      const claims = readSigned(token);
      return claims && claims.exp > clock.now().getTime() / 1000 ? claims : null;
    },
  };
}
