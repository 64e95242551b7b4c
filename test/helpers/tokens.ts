import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { expect, vi } from 'vitest';
import { createSessionTokens } from '../../src/platform/auth/session-tokens.ts';
import type { TestApp } from './app.ts';

/** The facts a session token is issued for: user, the user's organization and the minting key. */
export interface SessionSubject {
  userId: string;
  organizationId: string;
  apiKeyId: string;
}

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** The identity of a credential (API key or session), asserting it is accepted. */
export async function identityOf(app: TestApp, credential: string): Promise<any> {
  const res = await app.http.as(credential).get('/v1/auth/identity');
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The subject of a live session token, with the id of the key that should appear as its minting key. */
export async function subjectOf(app: TestApp, sessionToken: string, mintingKey: string): Promise<SessionSubject> {
  const session = await identityOf(app, sessionToken);
  const key = await identityOf(app, mintingKey);
  return { userId: session.user_id, organizationId: session.organization_id, apiKeyId: key.api_key_id };
}

/**
 * A genuine session token (the server's own issuer and secret) as if issued at `issuedAt`. Only `Date` is faked,
 * and only around the issue call: the server runs in this process, so real time is back before any HTTP call.
 */
export async function issueTokenAt(app: TestApp, subject: SessionSubject, issuedAt: number): Promise<string> {
  const tokens = createSessionTokens(app.config.jwtSecret);
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(issuedAt);
    return tokens.issue(subject).token;
  } finally {
    vi.useRealTimers();
  }
}

/** A well-formed token signed by an issuer with another secret (hence another key id too). */
export async function issueWithSecret(secret: Buffer, subject: SessionSubject): Promise<string> {
  return (await createSessionTokens(secret).issue(subject)).token;
}

/**
 * Changes one character in the middle of the signature segment. (The last character of a base64url HS256
 * signature carries padding bits, so changing it may decode to the same bytes; the middle one never does.)
 */
export function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const i = Math.floor(signature.length / 2);
  const swapped = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${swapped}${signature.slice(i + 1)}`;
}

/** The key id the server puts in its tokens' header (read from a genuine token). */
export const kidOf = (token: string): string => decodeProtectedHeader(token).kid as string;

/**
 * A token hand-built with the given secret, header and claims: for checking that the server pins the algorithm,
 * the key id, the token type and the claim set, not only the signature.
 */
export async function craftToken(
  secret: Uint8Array,
  header: { alg: string; kid?: string; typ?: string },
  claims: Record<string, unknown>,
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header).sign(secret);
}

/** Claims shaped like the server's for a subject, issued now. */
export function claimsFor(subject: SessionSubject, now = Date.now()): Record<string, unknown> {
  const iat = Math.floor(now / 1000);
  return { sub: subject.userId, org: subject.organizationId, akid: subject.apiKeyId, iat, exp: iat + 8 * 3600 };
}

/**
 * Gives a system-organization user a console role that grants zero sections, or no console role at all.
 * Both states are unreachable through today's API (a console role must grant a section, and a system member
 * must hold a role), and the console-roles routes arrive with a later issue; SQL is the only way to set up
 * Authentication rule 10's `no_console_role` case until then.
 */
export async function giveEmptyConsoleRole(app: TestApp, userId: string): Promise<void> {
  const { db } = app.server.database;
  const roleId = randomUUID();
  await db.execute(
    sql`insert into console_roles (id, name, sections) values (${roleId}::uuid, ${`Empty ${roleId}`}, '{}'::text[])`,
  );
  await db.execute(sql`update users set console_role_id = ${roleId}::uuid where id = ${userId}::uuid`);
}

/** See giveEmptyConsoleRole: clears a user's console role where the API would refuse to. */
export async function clearConsoleRole(app: TestApp, userId: string): Promise<void> {
  await app.server.database.db.execute(sql`update users set console_role_id = null where id = ${userId}::uuid`);
}
