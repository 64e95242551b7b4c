import { createHash } from 'node:crypto';
import { compactVerify, SignJWT } from 'jose';

export const SESSION_LIFETIME_SECONDS = 8 * 60 * 60;
export const RENEW_WINDOW_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';

export interface SessionClaims {
  /** user id */
  sub: string;
  /** the user's organization id */
  org: string;
  /** id of the API key that minted the session: the session dies with it */
  akid: string;
  iat: number;
  exp: number;
}

export interface SessionTokens {
  issue(claims: {
    userId: string;
    organizationId: string;
    apiKeyId: string;
  }): Promise<{ token: string; expiresAt: Date }>;
  /** Claims of a token with a genuine signature, expired or not; null for anything forged or malformed. */
  readSigned(token: string): Promise<SessionClaims | null>;
  /** Claims of a genuine token that has not expired yet; null otherwise. */
  readValid(token: string): Promise<SessionClaims | null>;
}

/** Cheap structural test so a bearer value is routed to the JWT or the API key path without a database call. */
export function looksLikeJwt(credential: string): boolean {
  return /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(credential);
}

export function createSessionTokens(secret: Buffer): SessionTokens {
  // The key id lets a future key rotation tell tokens apart; a token signed under another kid is refused.
  const kid = createHash('sha256').update(secret).digest('base64url').slice(0, 16);

  async function readSigned(token: string): Promise<SessionClaims | null> {
    try {
      const { payload, protectedHeader } = await compactVerify(token, secret, { algorithms: [ALGORITHM] });
      if (protectedHeader.kid !== kid || protectedHeader.typ !== 'JWT') return null;
      const claims = JSON.parse(new TextDecoder().decode(payload)) as Partial<SessionClaims>;
      const { sub, org, akid, iat, exp } = claims;
      if (typeof sub !== 'string' || typeof org !== 'string' || typeof akid !== 'string') return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      return { sub, org, akid, iat, exp };
    } catch {
      return null;
    }
  }

  return {
    async issue({ userId, organizationId, apiKeyId }) {
      const iat = Math.floor(Date.now() / 1000);
      const exp = iat + SESSION_LIFETIME_SECONDS;
      const token = await new SignJWT({ org: organizationId, akid: apiKeyId })
        .setProtectedHeader({ alg: ALGORITHM, kid, typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(secret);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    readSigned,
    async readValid(token) {
      const claims = await readSigned(token);
      return claims && claims.exp > Date.now() / 1000 ? claims : null;
    },
  };
}
