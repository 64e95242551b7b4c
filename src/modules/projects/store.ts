import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  projectFiles,
  projectMembers,
  projects,
  serviceAccounts,
  threads,
  users,
} from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectChanges = Partial<Pick<typeof projects.$inferInsert, 'name' | 'description' | 'status'>>;

const userName = sql<string>`coalesce(u.display_name, u.first_name || ' ' || u.last_name)`;

/** Whether the principal `viewerId` (a user or a service account) sees the project: its creator, or a member. */
const visibleTo = (viewerId: string): SQL =>
  or(
    eq(projects.createdBy, viewerId),
    sql`exists (select 1 from ${projectMembers} m where m.project_id = ${projects}.id and m.member_id = ${viewerId})`,
  )!;

/** The viewer's role: the creator is always admin, others have their member row's role. */
const viewerRole = (viewerId: string) =>
  sql<'admin' | 'member'>`case when ${projects}.created_by = ${viewerId} then 'admin'
    else (select m.role from ${projectMembers} m where m.project_id = ${projects}.id and m.member_id = ${viewerId}) end`;

/**
 * The list row aggregates, computed in the page's one query (correlated subqueries on indexed keys):
 * ready files, members (plus the creator when the creator has no row), and the first five members, users and
 * service accounts alike (deleted ones left out), creator first then by time added, and the project's threads
 * (conversations).
 */
const aggregates = (viewerId: string) => ({
  conversationCount: sql<number>`(select count(*)::int from ${threads} t where t.project_id = ${projects}.id)`,
  fileCount: sql<number>`(select count(*)::int from ${projectFiles} f where f.project_id = ${projects}.id and f.status = 'ready')`,
  memberCount: sql<number>`((select count(*)::int from ${projectMembers} m where m.project_id = ${projects}.id)
    + case when exists (select 1 from ${projectMembers} m where m.project_id = ${projects}.id
        and m.member_id = ${projects}.created_by) then 0 else 1 end)`,
  memberPreview: sql<string>`(select coalesce(json_agg(json_build_object('user_id', x.user_id,
      'service_account_id', x.service_account_id, 'display_name', x.display_name)
      order by x.ord, x.added_at, x.member_id), '[]'::json)::text
    from (select * from (
      select u.id as user_id, null::uuid as service_account_id, u.id as member_id, ${userName} as display_name,
          0 as ord, ${projects}.created_at as added_at
        from ${users} u where u.id = ${projects}.created_by
      union all
      select null, s.id, s.id, s.name, 0, ${projects}.created_at
        from ${serviceAccounts} s where s.id = ${projects}.created_by
      union all
      select m.user_id, m.service_account_id, m.member_id, coalesce(${userName}, s.name), 1, m.added_at
        from ${projectMembers} m
        left join ${users} u on u.id = m.user_id
        left join ${serviceAccounts} s on s.id = m.service_account_id
        where m.project_id = ${projects}.id and m.member_id <> ${projects}.created_by
          and u.deleted_at is null and s.deleted_at is null
    ) people order by ord, added_at, member_id limit 5) x)`,
  viewerRole: viewerRole(viewerId),
});

export const projectsStore = {
  /** The project if the viewer may see it, with the viewer's role. */
  async findVisible(db: Executor, organizationId: string, projectId: string, viewerId: string) {
    const [row] = await db
      .select({ project: projects, viewerRole: viewerRole(viewerId) })
      .from(projects)
      .where(and(eq(projects.organizationId, organizationId), eq(projects.id, projectId), visibleTo(viewerId)));
    return row ?? null;
  },

  /** Newest first, keyset on (created_at, id), with every list aggregate. */
  async listVisible(
    db: Executor,
    organizationId: string,
    viewerId: string,
    archived: boolean,
    cursor: Cursor | null,
    limit: number,
  ) {
    const after = cursor
      ? sql`(${projects}.created_at, ${projects}.id) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    return db
      .select({ project: projects, ...aggregates(viewerId) })
      .from(projects)
      .where(
        and(
          eq(projects.organizationId, organizationId),
          eq(projects.status, archived ? 'archived' : 'active'),
          visibleTo(viewerId),
          after,
        ),
      )
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(limit + 1);
  },

  async insert(db: Executor, values: typeof projects.$inferInsert): Promise<ProjectRow> {
    const [row] = await db.insert(projects).values(values).returning();
    return row!;
  },

  async update(db: Executor, organizationId: string, id: string, changes: ProjectChanges): Promise<ProjectRow> {
    const [row] = await db
      .update(projects)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(projects.organizationId, organizationId), eq(projects.id, id)))
      .returning();
    return row!;
  },
};
