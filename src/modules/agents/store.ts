import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { agents } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import { containsPattern } from '../../platform/http/query.ts';

export type AgentRow = typeof agents.$inferSelect;
export type AgentChanges = Partial<
  Pick<
    typeof agents.$inferInsert,
    'name' | 'description' | 'systemPrompt' | 'config' | 'visibility' | 'defaultSkillSlugs' | 'status'
  >
>;

/** Active, and either shared with the organization or created by this principal (user or service account). */
const visibleTo = (principalId: string): SQL =>
  and(eq(agents.status, 'active'), or(eq(agents.visibility, 'organization'), eq(agents.createdBy, principalId))) as SQL;

export const agentsStore = {
  async insert(ex: Executor, row: typeof agents.$inferInsert): Promise<AgentRow> {
    const [created] = await ex.insert(agents).values(row).returning();
    return created!;
  },

  /** Any status, no visibility: for the engine and launch checks, which act on an already authorised thread. */
  async find(ex: Executor, organizationId: string, id: string): Promise<AgentRow | null> {
    const [row] = await ex
      .select()
      .from(agents)
      .where(and(eq(agents.organizationId, organizationId), eq(agents.id, id)));
    return row ?? null;
  },

  /** Visible to the principal, archived ones included (the caller decides what an archived agent means). */
  async findForPrincipal(ex: Executor, organizationId: string, id: string, principalId: string) {
    const [row] = await ex
      .select()
      .from(agents)
      .where(
        and(
          eq(agents.organizationId, organizationId),
          eq(agents.id, id),
          or(eq(agents.visibility, 'organization'), eq(agents.createdBy, principalId)),
        ),
      );
    return row ?? null;
  },

  async findVisible(ex: Executor, organizationId: string, id: string, principalId: string) {
    const [row] = await ex
      .select()
      .from(agents)
      .where(and(eq(agents.organizationId, organizationId), eq(agents.id, id), visibleTo(principalId)));
    return row ?? null;
  },

  /** Newest first, keyset on (created_at, id); fetches `limit + 1` rows. */
  listVisible(
    ex: Executor,
    organizationId: string,
    principalId: string,
    search: string | undefined,
    cursor: Cursor | null,
    limit: number,
  ): Promise<AgentRow[]> {
    const pattern = search ? containsPattern(search) : null;
    return ex
      .select()
      .from(agents)
      .where(
        and(
          eq(agents.organizationId, organizationId),
          visibleTo(principalId),
          pattern ? or(ilike(agents.name, pattern), ilike(agents.description, pattern)) : undefined,
          cursor
            ? sql`(${agents.createdAt}, ${agents.id}) < (${new Date(cursor.v)}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(agents.createdAt), desc(agents.id))
      .limit(limit + 1);
  },

  async update(ex: Executor, organizationId: string, id: string, changes: AgentChanges): Promise<AgentRow | null> {
    const [row] = await ex
      .update(agents)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(agents.organizationId, organizationId), eq(agents.id, id), eq(agents.status, 'active')))
      .returning();
    return row ?? null;
  },
};
