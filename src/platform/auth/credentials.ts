import { type Clock, systemClock } from '../clock.ts';
import { digestApiKey } from '../crypto/api-keys.ts';
import type { Actor, ConsoleSection } from './actor.ts';
import type { SessionTokens } from './session-tokens.ts';
import { looksLikeJwt } from './session-tokens.ts';
import type { CredentialStore, KeyRow, SessionPrincipalRow } from './store.ts';

export type BearerCredential = { type: 'api_key'; key: string } | { type: 'jwt'; token: string };

/** Bounds the bearer value so an oversized header costs no hashing or signature work. */
const MAX_CREDENTIAL_LENGTH = 4096;

/** `Bearer <credential>` → the credential; null when the header is missing or malformed. */
export function parseBearer(header: string | undefined): BearerCredential | null {
  if (!header) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  const value = match?.[1];
  if (!value || value.length > MAX_CREDENTIAL_LENGTH) return null;
  return looksLikeJwt(value) ? { type: 'jwt', token: value } : { type: 'api_key', key: value };
}

export interface ResolvedActor {
  actor: Actor;
  organizationBlocked: boolean;
}

const isPast = (d: Date | null, now: Date) => d !== null && d.getTime() <= now.getTime();

/** A key is usable while it is not revoked or expired and its service account is live and not suspended. */
export function keyIsLive(
  row: Pick<KeyRow, 'revokedAt' | 'expiresAt' | 'accountSuspended' | 'accountDeletedAt'>,
  now: Date,
) {
  return (
    row.revokedAt === null && !isPast(row.expiresAt, now) && !row.accountSuspended && row.accountDeletedAt === null
  );
}

/** A token of a web sign-in lives only while that sign-in is not revoked (signed out). */
const webSignInIsLive = (row: SessionPrincipalRow, sid: string | null) =>
  sid === null || (row.webSessionUserId === row.userId && row.webSessionRevokedAt === null);

function sessionIsLive(row: SessionPrincipalRow, claims: { org: string; sid: string | null }, now: Date) {
  const claimedOrganizationId = claims.org;
  return (
    webSignInIsLive(row, claims.sid) &&
    row.userDeletedAt === null &&
    !row.userSuspended &&
    row.organizationId === claimedOrganizationId &&
    // The same rule as minting, so even a token signed with our secret cannot pair a user with a foreign key.
    (row.keyOrganizationId === row.organizationId || (row.canMintCrossOrg && !row.canAccessConsole)) &&
    keyIsLive(
      {
        revokedAt: row.keyRevokedAt,
        expiresAt: row.keyExpiresAt,
        accountSuspended: row.accountSuspended,
        accountDeletedAt: row.accountDeletedAt,
      },
      now,
    )
  );
}

/** `clock` decides expiry (keys, session tokens, demo organizations); `tokens` must read the same clock. */
export function createCredentialResolver(store: CredentialStore, tokens: SessionTokens, clock: Clock = systemClock) {
  return {
    /** The live key row behind a plaintext key, or null. */
    liveKey(key: string): Promise<KeyRow | null> {
      return this.liveKeyByDigest(digestApiKey(key));
    },

    /** The live key row of a stored digest (the server's own platform keys, whose plaintext it never keeps), or null. */
    async liveKeyByDigest(digest: string): Promise<KeyRow | null> {
      const now = clock.now();
      const row = await store.findKeyByDigest(digest, now);
      if (!row || !keyIsLive(row, now)) return null;
      if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
        // Usage stamps are best effort and must not add latency to the request.
        store.touchKey(row.apiKeyId, row.serviceAccountId).catch(() => {});
      }
      return row;
    },

    async resolve(credential: BearerCredential): Promise<ResolvedActor | null> {
      if (credential.type === 'api_key') {
        const row = await this.liveKey(credential.key);
        if (!row) return null;
        return {
          organizationBlocked: row.organizationBlocked,
          actor: {
            kind: 'service_account',
            serviceAccountId: row.serviceAccountId,
            apiKeyId: row.apiKeyId,
            organizationId: row.organizationId,
            organizationName: row.organizationName,
            organizationIsSystem: row.organizationIsSystem,
            role: row.role,
            canAccessConsole: row.canAccessConsole,
            canMintCrossOrg: row.canMintCrossOrg,
          },
        };
      }
      const claims = tokens.readValid(credential.token);
      if (!claims) return null;
      const now = clock.now();
      const row = await store.findSessionPrincipal(claims.sub, claims.akid, claims.sid, now);
      if (!row || !sessionIsLive(row, claims, now)) return null;
      return {
        organizationBlocked: row.organizationBlocked,
        actor: {
          kind: 'user',
          userId: row.userId,
          apiKeyId: claims.akid,
          organizationId: row.organizationId,
          organizationName: row.organizationName,
          organizationIsSystem: row.organizationIsSystem,
          role: row.role,
          isDeveloper: row.isDeveloper,
          // A session carries its minting key's console access, and console keys never mint across orgs.
          canAccessConsole: row.canAccessConsole && row.keyOrganizationId === row.organizationId,
          consoleSections: (row.consoleSections as ConsoleSection[] | null) ?? null,
        },
      };
    },
  };
}

export type CredentialResolver = ReturnType<typeof createCredentialResolver>;
