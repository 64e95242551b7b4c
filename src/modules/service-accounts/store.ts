import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.ts';
import { apiKeys, serviceAccounts } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';

export type ServiceAccountRow = typeof serviceAccounts.$inferSelect;
export type NewServiceAccount = typeof serviceAccounts.$inferInsert;

const keyColumns = {
  id: apiKeys.id,
  prefix: apiKeys.prefix,
  name: apiKeys.name,
  role: serviceAccounts.role,
  organizationId: apiKeys.organizationId,
  serviceAccountId: apiKeys.serviceAccountId,
  createdByUserId: apiKeys.createdByUserId,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
};

const liveAccount = (organizationId: string, id?: string): SQL =>
  and(
    eq(serviceAccounts.organizationId, organizationId),
    isNull(serviceAccounts.deletedAt),
    id ? eq(serviceAccounts.id, id) : undefined,
  )!;

/** Keys of one service account of one organization (and one key when `keyId` is given). */
const keysOf = (organizationId: string, serviceAccountId: string, keyId?: string): SQL =>
  and(
    eq(apiKeys.organizationId, organizationId),
    eq(apiKeys.serviceAccountId, serviceAccountId),
    keyId ? eq(apiKeys.id, keyId) : undefined,
  )!;

const before = (createdAt: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | null) =>
  cursor ? sql`(${createdAt}, ${id}) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)` : undefined;

/** SQL of service accounts and their keys; every query is scoped to one organization. */
export const serviceAccountsStore = {
  async list(db: Executor, organizationId: string, cursor: Cursor | null, limit: number) {
    return db
      .select()
      .from(serviceAccounts)
      .where(and(liveAccount(organizationId), before(serviceAccounts.createdAt, serviceAccounts.id, cursor)))
      .orderBy(desc(serviceAccounts.createdAt), desc(serviceAccounts.id))
      .limit(limit + 1);
  },

  listAll: (db: Executor, organizationId: string): Promise<ServiceAccountRow[]> =>
    db
      .select()
      .from(serviceAccounts)
      .where(liveAccount(organizationId))
      .orderBy(desc(serviceAccounts.createdAt), desc(serviceAccounts.id)),

  async findById(db: Executor, organizationId: string, id: string): Promise<ServiceAccountRow | null> {
    const [row] = await db.select().from(serviceAccounts).where(liveAccount(organizationId, id));
    return row ?? null;
  },

  /** Locks a live account for a write in the caller's transaction, so its role cannot change under the write. */
  async lock(db: Executor, organizationId: string, id: string): Promise<ServiceAccountRow | null> {
    const [row] = await db.select().from(serviceAccounts).where(liveAccount(organizationId, id)).for('update');
    return row ?? null;
  },

  async insert(db: Executor, values: NewServiceAccount): Promise<ServiceAccountRow> {
    const [row] = await db.insert(serviceAccounts).values(values).returning();
    return row!;
  },

  async update(
    db: Executor,
    organizationId: string,
    id: string,
    changes: Partial<Pick<NewServiceAccount, 'name' | 'description' | 'role' | 'isSuspended' | 'deletedAt'>>,
  ): Promise<ServiceAccountRow | null> {
    const [row] = await db
      .update(serviceAccounts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(liveAccount(organizationId, id))
      .returning();
    return row ?? null;
  },

  async hasUnrevokedKeys(db: Executor, organizationId: string, serviceAccountId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(keysOf(organizationId, serviceAccountId), isNull(apiKeys.revokedAt)))
      .limit(1);
    return row !== undefined;
  },

  async listKeys(db: Executor, organizationId: string, serviceAccountId: string, cursor: Cursor | null, limit: number) {
    return db
      .select(keyColumns)
      .from(apiKeys)
      .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiKeys.serviceAccountId))
      .where(and(keysOf(organizationId, serviceAccountId), before(apiKeys.createdAt, apiKeys.id, cursor)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(limit + 1);
  },

  async findKey(db: Executor, organizationId: string, serviceAccountId: string, keyId: string) {
    const [row] = await db
      .select(keyColumns)
      .from(apiKeys)
      .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiKeys.serviceAccountId))
      .where(keysOf(organizationId, serviceAccountId, keyId));
    return row ?? null;
  },

  async insertKey(db: Executor, values: typeof apiKeys.$inferInsert): Promise<void> {
    await db.insert(apiKeys).values(values);
  },

  /** Revokes once: a second revocation keeps the first `revoked_at`. Returns whether the key exists. */
  async revokeKey(db: Executor, organizationId: string, serviceAccountId: string, keyId: string): Promise<boolean> {
    const rows = await db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(keysOf(organizationId, serviceAccountId, keyId))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  },
};

export type ApiKeyRow = NonNullable<Awaited<ReturnType<typeof serviceAccountsStore.findKey>>>;
