import type { IncomingHttpHeaders } from 'node:http';
import { looksLikeJwt } from './session-tokens.ts';

/**
 * The web app's session travels in an HttpOnly cookie that page scripts cannot read. The API takes it as a bearer
 * only beside the custom header `X-Atrium-Web: 1`: a cross-site form or link cannot set a custom header, and a
 * cross-site script that could would need CORS, which never allows credentials. SameSite=Strict is the second
 * lock.
 */
export const SESSION_COOKIE = 'atrium_session';
export const WEB_HEADER = 'x-atrium-web';

/** Bounds the cookie header we parse, like the bearer header. */
const MAX_COOKIE_HEADER = 8192;

export const sentByWebApp = (headers: IncomingHttpHeaders) => headers[WEB_HEADER] === '1';

/** The session token of the web cookie, when the request is the web app's (custom header) and carries one. */
export function webSessionToken(headers: IncomingHttpHeaders): string | null {
  if (!sentByWebApp(headers)) return null;
  const cookie = headers.cookie;
  if (!cookie || cookie.length > MAX_COOKIE_HEADER) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return looksLikeJwt(value) ? value : null;
    }
  }
  return null;
}

/** The Set-Cookie value that stores a session until its expiry (`secure` over https). */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAge}`,
    `Expires=${expiresAt.toUTCString()}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The Set-Cookie value that deletes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return [
    `${SESSION_COOKIE}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
