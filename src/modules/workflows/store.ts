import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { workflows } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import { containsPattern } from '../../platform/http/query.ts';

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowChanges = Partial<
  Pick<
    typeof workflows.$inferInsert,
    'name' | 'description' | 'definition' | 'config' | 'visibility' | 'discussionAgentId' | 'status'
  >
>;

/** Organization-wide workflows and the viewer's own private ones. */
const visibleTo = (principalId: string): SQL =>
  or(eq(workflows.visibility, 'organization'), eq(workflows.createdBy, principalId))!;

export const workflowsStore = {
  async insert(db: Executor, row: typeof workflows.$inferInsert): Promise<WorkflowRow> {
    const [created] = await db.insert(workflows).values(row).returning();
    return created!;
  },

  /** Any status; visibility is the caller's business (the engine runs for the run's creator). */
  async find(db: Executor, organizationId: string, id: string): Promise<WorkflowRow | null> {
    const [row] = await db
      .select()
      .from(workflows)
      .where(and(eq(workflows.organizationId, organizationId), eq(workflows.id, id)));
    return row ?? null;
  },

  /** The workflow if the viewer may see it, archived ones included (the caller decides what they mean). */
  async findVisible(db: Executor, organizationId: string, id: string, principalId: string) {
    const [row] = await db
      .select()
      .from(workflows)
      .where(and(eq(workflows.organizationId, organizationId), eq(workflows.id, id), visibleTo(principalId)));
    return row ?? null;
  },

  /**
   * The active workflows among `ids` (those `viewer` sees, when given), id and definition: one read however many
   * ids, as one array parameter (a list of parameters would hit the bind limit).
   */
  activeDefinitions(
    db: Executor,
    organizationId: string,
    ids: string[],
    viewer?: string,
  ): Promise<Pick<WorkflowRow, 'id' | 'definition'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: workflows.id, definition: workflows.definition })
      .from(workflows)
      .where(
        and(
          eq(workflows.organizationId, organizationId),
          sql`${workflows.id} = any(${sql.param(ids)}::uuid[])`,
          eq(workflows.status, 'active'),
          viewer ? visibleTo(viewer) : undefined,
        ),
      );
  },

  /** Active workflows the viewer sees, newest first, keyset on (created_at, id). */
  listVisible(
    db: Executor,
    organizationId: string,
    principalId: string,
    search: string | undefined,
    cursor: Cursor | null,
    limit: number,
  ): Promise<WorkflowRow[]> {
    const pattern = search ? containsPattern(search) : null;
    return db
      .select()
      .from(workflows)
      .where(
        and(
          eq(workflows.organizationId, organizationId),
          eq(workflows.status, 'active'),
          visibleTo(principalId),
          pattern ? or(ilike(workflows.name, pattern), ilike(workflows.description, pattern)) : undefined,
          cursor
            ? sql`(${workflows.createdAt}, ${workflows.id}) < (${new Date(cursor.v)}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(workflows.createdAt), desc(workflows.id))
      .limit(limit + 1);
  },

  async update(db: Executor, organizationId: string, id: string, changes: WorkflowChanges): Promise<WorkflowRow> {
    const [row] = await db
      .update(workflows)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(workflows.organizationId, organizationId), eq(workflows.id, id)))
      .returning();
    return row!;
  },
};
