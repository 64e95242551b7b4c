import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { dlpRules } from '../../platform/db/schema/index.ts';

export type DlpRuleRow = typeof dlpRules.$inferSelect;
export type NewDlpRule = typeof dlpRules.$inferInsert;
export type DlpRuleChanges = Partial<Pick<NewDlpRule, 'name' | 'pattern' | 'action' | 'isActive'>>;

const ofOrganization = (organizationId: string, id?: string) =>
  and(eq(dlpRules.organizationId, organizationId), id ? eq(dlpRules.id, id) : undefined);

/** Rules in the order they were created (ids are time-ordered, so they break ties within a millisecond). */
const creationOrder = [asc(dlpRules.createdAt), asc(dlpRules.id)];

/** Every message a person posts is checked against these: prepared (platform/db/prepared.ts). */
const activeRules = prepared((db) =>
  db
    .select({ id: dlpRules.id, name: dlpRules.name, pattern: dlpRules.pattern, action: dlpRules.action })
    .from(dlpRules)
    .where(and(eq(dlpRules.organizationId, sql.placeholder('organizationId')), eq(dlpRules.isActive, true)))
    .orderBy(...creationOrder)
    .prepare('dlp_rules_active'),
);

/** SQL of DLP rules; every query is scoped to one organization. */
export const dlpStore = {
  list: (db: Executor, organizationId: string): Promise<DlpRuleRow[]> =>
    db
      .select()
      .from(dlpRules)
      .where(ofOrganization(organizationId))
      .orderBy(...creationOrder),

  /** The active rules a message is checked against, in one query. */
  listActive: (db: Executor, organizationId: string) => activeRules(db).execute({ organizationId }),

  async count(db: Executor, organizationId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(dlpRules).where(ofOrganization(organizationId));
    return row?.n ?? 0;
  },

  async insert(db: Executor, values: NewDlpRule): Promise<DlpRuleRow> {
    const [row] = await db.insert(dlpRules).values(values).returning();
    return row!;
  },

  async update(db: Executor, organizationId: string, id: string, changes: DlpRuleChanges): Promise<DlpRuleRow | null> {
    const [row] = await db
      .update(dlpRules)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(ofOrganization(organizationId, id))
      .returning();
    return row ?? null;
  },

  async delete(db: Executor, organizationId: string, id: string): Promise<boolean> {
    const rows = await db.delete(dlpRules).where(ofOrganization(organizationId, id)).returning({ id: dlpRules.id });
    return rows.length > 0;
  },
};
