import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { departments, usageEvents } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';

export type DepartmentRow = typeof departments.$inferSelect;
export type DepartmentChanges = Partial<Pick<DepartmentRow, 'name' | 'description' | 'parentDepartmentId'>>;

const sortKey = sql<string>`lower(${departments.name})`;
const ofOrganization = (organizationId: string, id: string) =>
  and(eq(departments.organizationId, organizationId), eq(departments.id, id));

export const departmentsStore = {
  /** Ordered by name, case-insensitively, then id; keyset on (lower(name), id). */
  page(db: Executor, organizationId: string, cursor: Cursor | null, limit: number): Promise<DepartmentRow[]> {
    return db
      .select()
      .from(departments)
      .where(
        and(
          eq(departments.organizationId, organizationId),
          cursor ? sql`(${sortKey}, ${departments.id}) > (${cursor.v}, ${cursor.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(sortKey), asc(departments.id))
      .limit(limit + 1);
  },

  async find(db: Executor, organizationId: string, id: string): Promise<DepartmentRow | null> {
    const [row] = await db.select().from(departments).where(ofOrganization(organizationId, id));
    return row ?? null;
  },

  /**
   * The department, key-share locked until the caller's transaction ends: a user assigned to it in that
   * transaction cannot race its deletion (which would fail the user's foreign key with a 500).
   */
  async findKeyShared(db: Executor, organizationId: string, id: string): Promise<DepartmentRow | null> {
    const [row] = await db.select().from(departments).where(ofOrganization(organizationId, id)).for('key share');
    return row ?? null;
  },

  count: async (db: Executor, organizationId: string) =>
    (await db.select({ n: count() }).from(departments).where(eq(departments.organizationId, organizationId)))[0]?.n ??
    0,

  async insert(db: Executor, row: typeof departments.$inferInsert): Promise<DepartmentRow> {
    const [inserted] = await db.insert(departments).values(row).returning();
    return inserted!;
  },

  async update(db: Executor, organizationId: string, id: string, changes: DepartmentChanges): Promise<DepartmentRow> {
    const [row] = await db
      .update(departments)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(ofOrganization(organizationId, id))
      .returning();
    return row!;
  },

  /**
   * Whether `descendantId` is `ancestorId` or lies below it: the walk goes up from `descendantId` to its root, one
   * row per level (the tree has no cycle, as every move is checked under the organization's lock).
   */
  async isWithin(db: Executor, organizationId: string, descendantId: string, ancestorId: string): Promise<boolean> {
    const rows = await db.execute(sql`
      with recursive up (id, parent_id) as (
        select id, parent_department_id from ${departments}
         where organization_id = ${organizationId} and id = ${descendantId}
        union all
        select d.id, d.parent_department_id from ${departments} d join up on d.id = up.parent_id
         where d.organization_id = ${organizationId}
      )
      select 1 as hit from up where id = ${ancestorId} limit 1`);
    return (rows as unknown as { rows: unknown[] }).rows.length > 0;
  },

  async hasChildren(db: Executor, organizationId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.organizationId, organizationId), eq(departments.parentDepartmentId, id)))
      .limit(1);
    return row !== undefined;
  },

  async hasUsage(db: Executor, organizationId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: usageEvents.id })
      .from(usageEvents)
      .where(and(eq(usageEvents.organizationId, organizationId), eq(usageEvents.departmentId, id)))
      .limit(1);
    return row !== undefined;
  },

  /** Users of the department are left without one (the users' foreign key sets it null). */
  async delete(db: Executor, organizationId: string, id: string): Promise<void> {
    await db.delete(departments).where(ofOrganization(organizationId, id));
  },
};
