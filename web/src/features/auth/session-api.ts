import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../lib/client-context.tsx';
import { isApiError } from '../../lib/errors.ts';

export type WebSession = components['schemas']['WebSession'];
export type SignedInUser = WebSession['user'];

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The /web routes declare the header that marks the web app's requests, so their types ask for it; the client
 * sends it on every request in web mode anyway.
 */
const params = { header: { 'x-atrium-web': '1' } } as const;

/** The boot check: the signed-in session, or null when the cookie is missing, expired or revoked. */
export async function readSession(client: AtriumClient): Promise<WebSession | null> {
  try {
    return unwrap(await client.api.GET('/web/session', { params }));
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export async function signIn(client: AtriumClient, credentials: Credentials): Promise<WebSession> {
  return unwrap(await client.api.POST('/web/session', { params, body: credentials }));
}

/** A new cookie with a later expiry; answers that expiry. */
export async function renewSession(client: AtriumClient): Promise<string> {
  return unwrap(await client.api.POST('/web/session/renew', { params })).expires_at;
}

export async function signOut(client: AtriumClient): Promise<void> {
  unwrap(await client.api.DELETE('/web/session', { params }));
}
