import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { apiKeys, serviceAccounts } from '../../platform/db/schema/index.ts';

export function createIdentityStore(db: Executor) {
  return {
    /** The liveness facts of a session's minting key (looked up by the id a genuine token carries). */
    async findKey(apiKeyId: string) {
      const [row] = await db
        .select({
          revokedAt: apiKeys.revokedAt,
          expiresAt: apiKeys.expiresAt,
          accountSuspended: serviceAccounts.isSuspended,
          accountDeletedAt: serviceAccounts.deletedAt,
        })
        .from(apiKeys)
        .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiKeys.serviceAccountId))
        .where(eq(apiKeys.id, apiKeyId));
      return row ?? null;
    },
  };
}

export type IdentityStore = ReturnType<typeof createIdentityStore>;
