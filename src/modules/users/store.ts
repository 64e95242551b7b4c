import { and, asc, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { organizationBlocked } from '../../platform/auth/store.ts';
import type { Executor } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { consoleRoles, organizations, users } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import { containsPattern } from '../../platform/http/query.ts';

const displayNameExpr = sql<string>`coalesce(${users.displayName}, ${users.firstName} || ' ' || ${users.lastName})`;

const userColumns = {
  id: users.id,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  organizationIsSystem: organizations.isSystem,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: displayNameExpr,
  email: users.email,
  role: users.role,
  isSuspended: users.isSuspended,
  isDeveloper: users.isDeveloper,
  consoleRoleId: users.consoleRoleId,
  departmentId: users.departmentId,
  consoleRoleName: consoleRoles.name,
  consoleSections: consoleRoles.sections,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const selectUsers = (db: Executor) =>
  db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(consoleRoles, eq(consoleRoles.id, users.consoleRoleId));

export type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

const {
  consoleRoleName: _name,
  consoleSections: _sections,
  organizationName: _orgName,
  organizationIsSystem: _orgIsSystem,
  ...listColumns
} = userColumns;

/**
 * The users page is the hot list of the area: it skips the joins (the organization comes with the caller's
 * credential, the console role is not shown) and is prepared (two shapes: first page, and after a cursor).
 */
function prepareList(db: Executor) {
  const page = (after?: SQL) =>
    db
      .select(listColumns)
      .from(users)
      .where(and(eq(users.organizationId, sql.placeholder('organizationId')), isNull(users.deletedAt), after))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(sql.placeholder('limit'));
  return {
    first: page().prepare('users_list_first'),
    after: page(
      sql`(${users.createdAt}, ${users.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
    ).prepare('users_list_after'),
  };
}

const listStatementsOf = prepared(prepareList);

export type UserListRow = Omit<
  UserRow,
  'consoleRoleName' | 'consoleSections' | 'organizationName' | 'organizationIsSystem'
>;

const live = (organizationId: string): SQL => and(eq(users.organizationId, organizationId), isNull(users.deletedAt))!;

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'displayName'
    | 'role'
    | 'isDeveloper'
    | 'isSuspended'
    | 'consoleRoleId'
    | 'departmentId'
    | 'passwordHash'
    | 'deletedAt'
  >
>;

/** SQL of the users area; every query is scoped to one organization except the sign-in lookup by email. */
export const usersStore = {
  async findById(db: Executor, organizationId: string, userId: string): Promise<UserRow | null> {
    const [row] = await selectUsers(db).where(and(live(organizationId), eq(users.id, userId)));
    return row ?? null;
  },

  async findPasswordHash(db: Executor, organizationId: string, userId: string): Promise<string | null> {
    const [row] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(and(live(organizationId), eq(users.id, userId)));
    return row?.hash ?? null;
  },

  /**
   * Sign-in is the one lookup that is not scoped: the email decides the organization. `now` is the clock's time,
   * against which a demo organization's expiry is judged.
   */
  async findForSignIn(db: Executor, by: { email: string } | { userId: string }, now: Date) {
    const [row] = await db
      .select({
        id: users.id,
        organizationId: users.organizationId,
        role: users.role,
        passwordHash: users.passwordHash,
        isSuspended: users.isSuspended,
        consoleSections: consoleRoles.sections,
        organizationBlocked: organizationBlocked(organizations, now.toISOString()),
        organizationIsSystem: organizations.isSystem,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(consoleRoles, eq(consoleRoles.id, users.consoleRoleId))
      .where(and('email' in by ? eq(users.email, by.email) : eq(users.id, by.userId), isNull(users.deletedAt)));
    return row ?? null;
  },

  async emailTaken(db: Executor, email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1);
    return row !== undefined;
  },

  /** Newest first, keyset on (created_at, id); fetches one extra row to tell whether more follow. */
  async list(db: Executor, organizationId: string, cursor: Cursor | null, limit: number): Promise<UserListRow[]> {
    const statements = listStatementsOf(db);
    if (!cursor) return statements.first.execute({ organizationId, limit: limit + 1 });
    return statements.after.execute({ organizationId, limit: limit + 1, afterAt: cursor.v, afterId: cursor.id });
  },

  /** Every live user of the organization by email, for the console (organizations hold few people). */
  listByEmail: (db: Executor, organizationId: string): Promise<UserRow[]> =>
    selectUsers(db).where(live(organizationId)).orderBy(asc(users.email)),

  async lookup(db: Executor, organizationId: string, search: string | undefined, limit: number) {
    const pattern = search ? containsPattern(search) : undefined;
    return db
      .select({ id: users.id, display_name: displayNameExpr, email: users.email })
      .from(users)
      .where(
        and(
          live(organizationId),
          eq(users.isSuspended, false),
          pattern ? or(ilike(displayNameExpr, pattern), ilike(users.email, pattern)) : undefined,
        ),
      )
      .orderBy(asc(displayNameExpr), asc(users.id))
      .limit(limit);
  },

  async insert(db: Executor, values: NewUser): Promise<void> {
    await db.insert(users).values(values);
  },

  async update(db: Executor, organizationId: string, userId: string, changes: UserChanges): Promise<void> {
    await db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(live(organizationId), eq(users.id, userId)));
  },

  /**
   * Locks the organization row so concurrent demotions, suspensions and deletions of admins are serialised,
   * then counts the active admins other than `exceptUserId`.
   */
  async countOtherActiveAdmins(db: Executor, organizationId: string, exceptUserId: string): Promise<number> {
    await db.execute(sql`select 1 from ${organizations} where ${organizations.id} = ${organizationId} for update`);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(live(organizationId), eq(users.role, 'admin'), eq(users.isSuspended, false), ne(users.id, exceptUserId)),
      );
    return row?.n ?? 0;
  },

  async consoleRoleExists(db: Executor, consoleRoleId: string): Promise<boolean> {
    const [row] = await db.select({ id: consoleRoles.id }).from(consoleRoles).where(eq(consoleRoles.id, consoleRoleId));
    return row !== undefined;
  },
};
