import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { projectMembers, users } from '../../platform/db/schema/index.ts';

const memberColumns = {
  projectId: projectMembers.projectId,
  userId: projectMembers.userId,
  role: projectMembers.role,
  addedByUserId: projectMembers.addedByUserId,
  addedAt: projectMembers.addedAt,
  displayName: sql<string>`coalesce(${users.displayName}, ${users.firstName} || ' ' || ${users.lastName})`,
};

const ofProject = (organizationId: string, projectId: string) =>
  and(eq(projectMembers.organizationId, organizationId), eq(projectMembers.projectId, projectId));

const listMembers = (db: Executor, organizationId: string, projectId: string) =>
  db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(ofProject(organizationId, projectId))
    .orderBy(asc(projectMembers.addedAt), asc(projectMembers.userId));

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** Member rows of a project; the project's visibility is checked by the caller first. */
export const projectMembersStore = {
  list: listMembers,

  async find(db: Executor, organizationId: string, projectId: string, userId: string): Promise<MemberRow | null> {
    const [row] = await db
      .select(memberColumns)
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(and(ofProject(organizationId, projectId), eq(projectMembers.userId, userId)));
    return row ?? null;
  },

  async displayNameOf(db: Executor, organizationId: string, userId: string): Promise<string> {
    const [row] = await db
      .select({ name: memberColumns.displayName })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
    return row?.name ?? '';
  },

  async insert(db: Executor, values: typeof projectMembers.$inferInsert): Promise<void> {
    await db.insert(projectMembers).values(values);
  },

  async setRole(
    db: Executor,
    organizationId: string,
    projectId: string,
    userId: string,
    role: 'admin' | 'member',
  ): Promise<void> {
    await db
      .update(projectMembers)
      .set({ role })
      .where(and(ofProject(organizationId, projectId), eq(projectMembers.userId, userId)));
  },

  async remove(db: Executor, organizationId: string, projectId: string, userId: string): Promise<boolean> {
    const rows = await db
      .delete(projectMembers)
      .where(and(ofProject(organizationId, projectId), eq(projectMembers.userId, userId)))
      .returning({ userId: projectMembers.userId });
    return rows.length > 0;
  },
};
