import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { projectMembers, serviceAccounts, users } from '../../platform/db/schema/index.ts';

const userName = sql<string>`coalesce(${users.displayName}, ${users.firstName} || ' ' || ${users.lastName})`;

const memberColumns = {
  projectId: projectMembers.projectId,
  memberId: projectMembers.memberId,
  userId: projectMembers.userId,
  serviceAccountId: projectMembers.serviceAccountId,
  role: projectMembers.role,
  addedByUserId: projectMembers.addedByUserId,
  addedByServiceAccountId: projectMembers.addedByServiceAccountId,
  addedAt: projectMembers.addedAt,
  displayName: sql<string>`coalesce(${userName}, ${serviceAccounts.name})`,
};

const ofProject = (organizationId: string, projectId: string) =>
  and(eq(projectMembers.organizationId, organizationId), eq(projectMembers.projectId, projectId));

const selectMembers = (db: Executor) =>
  db
    .select(memberColumns)
    .from(projectMembers)
    .leftJoin(users, eq(users.id, projectMembers.userId))
    .leftJoin(serviceAccounts, eq(serviceAccounts.id, projectMembers.serviceAccountId));

const listMembers = (db: Executor, organizationId: string, projectId: string) =>
  selectMembers(db)
    .where(ofProject(organizationId, projectId))
    .orderBy(asc(projectMembers.addedAt), asc(projectMembers.memberId));

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export type PrincipalKind = 'user' | 'service_account';

/** Member rows of a project, each a user or a service account; the project's visibility is checked by the caller first. */
export const projectMembersStore = {
  list: listMembers,

  /** The member row of a principal (user or service account id). */
  async find(db: Executor, organizationId: string, projectId: string, memberId: string): Promise<MemberRow | null> {
    const [row] = await selectMembers(db).where(
      and(ofProject(organizationId, projectId), eq(projectMembers.memberId, memberId)),
    );
    return row ?? null;
  },

  /** A user or a service account of the organization by id (deleted ones too), with the name people see. */
  async principal(db: Executor, organizationId: string, id: string) {
    const [row] = await db
      .select({
        kind: sql<PrincipalKind>`'user'`,
        displayName: userName,
        deleted: sql<boolean>`${users.deletedAt} is not null`,
      })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
      .unionAll(
        db
          .select({
            kind: sql<PrincipalKind>`'service_account'`,
            displayName: serviceAccounts.name,
            deleted: sql<boolean>`${serviceAccounts.deletedAt} is not null`,
          })
          .from(serviceAccounts)
          .where(and(eq(serviceAccounts.organizationId, organizationId), eq(serviceAccounts.id, id))),
      );
    return row ?? null;
  },

  async insert(db: Executor, values: typeof projectMembers.$inferInsert): Promise<void> {
    await db.insert(projectMembers).values(values);
  },

  async setRole(
    db: Executor,
    organizationId: string,
    projectId: string,
    memberId: string,
    role: 'admin' | 'member',
  ): Promise<void> {
    await db
      .update(projectMembers)
      .set({ role })
      .where(and(ofProject(organizationId, projectId), eq(projectMembers.memberId, memberId)));
  },

  async remove(db: Executor, organizationId: string, projectId: string, memberId: string): Promise<boolean> {
    const rows = await db
      .delete(projectMembers)
      .where(and(ofProject(organizationId, projectId), eq(projectMembers.memberId, memberId)))
      .returning({ memberId: projectMembers.memberId });
    return rows.length > 0;
  },
};
