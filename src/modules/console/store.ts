import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { consoleRoles, users } from '../../platform/db/schema/index.ts';

// Written with an alias: drizzle leaves columns unqualified in single-table selects, which would bind them to users.
const holders = sql<number>`(select count(*)::int from ${users} u where u.console_role_id = ${consoleRoles}.id and u.deleted_at is null)`;

const roleColumns = {
  id: consoleRoles.id,
  name: consoleRoles.name,
  sections: consoleRoles.sections,
  userCount: holders,
  createdAt: consoleRoles.createdAt,
  updatedAt: consoleRoles.updatedAt,
};

export type ConsoleRoleRow = Awaited<ReturnType<typeof consoleRolesStore.list>>[number];

/** Console roles are platform-wide (they only apply to the system organization's users). */
export const consoleRolesStore = {
  list: (db: Executor) =>
    db.select(roleColumns).from(consoleRoles).orderBy(asc(consoleRoles.name), asc(consoleRoles.id)),

  async findById(db: Executor, id: string) {
    const [row] = await db.select(roleColumns).from(consoleRoles).where(eq(consoleRoles.id, id));
    return row ?? null;
  },

  async insert(db: Executor, rows: (typeof consoleRoles.$inferInsert)[]): Promise<void> {
    await db.insert(consoleRoles).values(rows);
  },

  async update(db: Executor, id: string, changes: { name?: string; sections?: string[] }): Promise<void> {
    await db
      .update(consoleRoles)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(consoleRoles.id, id));
  },

  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(consoleRoles).where(eq(consoleRoles.id, id));
  },

  async heldByLiveUsers(db: Executor, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.consoleRoleId, id), isNull(users.deletedAt)))
      .limit(1);
    return row !== undefined;
  },

  /** Soft-deleted users still reference the role; they lose it so the role can be deleted. */
  async releaseFromDeletedUsers(db: Executor, id: string): Promise<void> {
    await db
      .update(users)
      .set({ consoleRoleId: null })
      .where(and(eq(users.consoleRoleId, id), isNotNull(users.deletedAt)));
  },
};
