import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { apiKeys, organizations, serviceAccounts, webSessions } from '../../platform/db/schema/index.ts';

export type WebSessionRow = typeof webSessions.$inferSelect;

/** Which platform key mints a web sign-in: the web key for customers, the console key for operators. */
export type PlatformKeyKind = 'web' | 'console';

const ofSignIn = (organizationId: string, id: string, userId: string) =>
  and(eq(webSessions.organizationId, organizationId), eq(webSessions.id, id), eq(webSessions.userId, userId));

export const webSessionsStore = {
  /**
   * The digest of the newest live key of the system organization's platform account of this kind (the oldest such
   * account: the one the bootstrap made), or null. The web account mints across organizations without console
   * access; the console account has console access within the system organization only.
   */
  async platformKeyDigest(db: Executor, kind: PlatformKeyKind): Promise<string | null> {
    const [row] = await db
      .select({ digest: apiKeys.keyDigest })
      .from(apiKeys)
      .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiKeys.serviceAccountId))
      .innerJoin(organizations, eq(organizations.id, serviceAccounts.organizationId))
      .where(
        and(
          eq(organizations.isSystem, true),
          eq(serviceAccounts.canMintCrossOrg, kind === 'web'),
          eq(serviceAccounts.canAccessConsole, kind === 'console'),
          isNull(serviceAccounts.deletedAt),
          isNull(apiKeys.revokedAt),
        ),
      )
      .orderBy(asc(serviceAccounts.createdAt), sql`${apiKeys.createdAt} desc`)
      .limit(1);
    return row?.digest ?? null;
  },

  async insert(db: Executor, row: { id: string; organizationId: string; userId: string }): Promise<void> {
    await db.insert(webSessions).values(row);
  },

  /** Sign-ins of the user from before `before` (no session of theirs lives that long): deleted, keeping the table small. */
  async deleteOlderThan(db: Executor, organizationId: string, userId: string, before: Date): Promise<void> {
    await db
      .delete(webSessions)
      .where(
        and(
          eq(webSessions.organizationId, organizationId),
          eq(webSessions.userId, userId),
          lt(webSessions.createdAt, before),
        ),
      );
  },

  async find(db: Executor, organizationId: string, id: string, userId: string): Promise<WebSessionRow | null> {
    const [row] = await db
      .select()
      .from(webSessions)
      .where(ofSignIn(organizationId, id, userId));
    return row ?? null;
  },

  async revoke(db: Executor, organizationId: string, id: string, userId: string, at: Date): Promise<void> {
    await db
      .update(webSessions)
      .set({ revokedAt: at })
      .where(and(ofSignIn(organizationId, id, userId), isNull(webSessions.revokedAt)));
  },
};
