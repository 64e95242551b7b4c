import { and, eq, isNull, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { apiKeys, consoleRoles, organizations, serviceAccounts, users, webSessions } from '../db/schema/index.ts';

/**
 * An organization whose members are refused: suspended, deleted (forces suspended) or a demo past expiry. `now` is
 * the service clock's time as an ISO string (a value, or the placeholder of a prepared statement), not the
 * database's now(), so that every expiry is decided by one clock.
 */
export const organizationBlocked = (o: typeof organizations, now: string | Placeholder): SQL<boolean> =>
  sql<boolean>`(${o.isSuspended} or ${o.deletedAt} is not null or coalesce(${o.demoExpiresAt} <= ${now}::timestamptz, false))`;

/**
 * The credential lookups run on every request, so each is one indexed round trip prepared once per pool
 * connection; nothing is cached, so a revoked key or suspended account is refused on the very next request.
 */
export function createCredentialStore(db: Executor) {
  const keyByDigest = db
    .select({
      apiKeyId: apiKeys.id,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      serviceAccountId: serviceAccounts.id,
      organizationId: serviceAccounts.organizationId,
      role: serviceAccounts.role,
      accountSuspended: serviceAccounts.isSuspended,
      accountDeletedAt: serviceAccounts.deletedAt,
      canAccessConsole: serviceAccounts.canAccessConsole,
      canMintCrossOrg: serviceAccounts.canMintCrossOrg,
      organizationName: organizations.name,
      organizationIsSystem: organizations.isSystem,
      organizationBlocked: organizationBlocked(organizations, sql.placeholder('now')),
    })
    .from(apiKeys)
    .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiKeys.serviceAccountId))
    .innerJoin(organizations, eq(organizations.id, serviceAccounts.organizationId))
    .where(eq(apiKeys.keyDigest, sql.placeholder('digest')))
    .prepare('auth_key_by_digest');

  const sessionPrincipal = db
    .select({
      userId: users.id,
      organizationId: users.organizationId,
      role: users.role,
      isDeveloper: users.isDeveloper,
      userSuspended: users.isSuspended,
      userDeletedAt: users.deletedAt,
      consoleSections: consoleRoles.sections,
      organizationName: organizations.name,
      organizationIsSystem: organizations.isSystem,
      organizationBlocked: organizationBlocked(organizations, sql.placeholder('now')),
      keyExpiresAt: apiKeys.expiresAt,
      keyRevokedAt: apiKeys.revokedAt,
      keyOrganizationId: serviceAccounts.organizationId,
      accountSuspended: serviceAccounts.isSuspended,
      accountDeletedAt: serviceAccounts.deletedAt,
      canAccessConsole: serviceAccounts.canAccessConsole,
      canMintCrossOrg: serviceAccounts.canMintCrossOrg,
      webSessionUserId: webSessions.userId,
      webSessionRevokedAt: webSessions.revokedAt,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(consoleRoles, eq(consoleRoles.id, users.consoleRoleId))
    .innerJoin(apiKeys, eq(apiKeys.id, sql.placeholder('apiKeyId')))
    .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiKeys.serviceAccountId))
    // The web sign-in a token descends from (null `sessionId`: a token minted over the API, which has none).
    .leftJoin(webSessions, eq(webSessions.id, sql.placeholder('sessionId')))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_session_principal');

  return {
    /** `now`: the clock's time, against which a demo organization's expiry is judged. */
    async findKeyByDigest(digest: string, now: Date) {
      const [row] = await keyByDigest.execute({ digest, now: now.toISOString() });
      return row ?? null;
    },

    async findSessionPrincipal(userId: string, apiKeyId: string, sessionId: string | null, now: Date) {
      const [row] = await sessionPrincipal.execute({ userId, apiKeyId, sessionId, now: now.toISOString() });
      return row ?? null;
    },

    /** Stamps last use at most once a minute per key, so a busy key does not write on every request. */
    async touchKey(apiKeyId: string, serviceAccountId: string) {
      const staleBefore = sql`now() - interval '1 minute'`;
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(apiKeys.id, apiKeyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
      await db
        .update(serviceAccounts)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(serviceAccounts.id, serviceAccountId),
            or(isNull(serviceAccounts.lastUsedAt), lt(serviceAccounts.lastUsedAt, staleBefore)),
          ),
        );
    },
  };
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;
export type KeyRow = NonNullable<Awaited<ReturnType<CredentialStore['findKeyByDigest']>>>;
export type SessionPrincipalRow = NonNullable<Awaited<ReturnType<CredentialStore['findSessionPrincipal']>>>;
