import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { type IntegrationType, integrations, usageEvents } from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';

export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationChanges = Partial<
  Pick<
    IntegrationRow,
    'displayName' | 'config' | 'secretsSealed' | 'vendorAccount' | 'status' | 'lastValidatedAt' | 'lastError'
  >
>;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(integrations.organizationId, organizationId), eq(integrations.id, id));

export const integrationsStore = {
  /** Newest first, keyset on (created_at, id); one extra row tells whether more follow. */
  page(
    db: Executor,
    organizationId: string,
    filter: { type?: IntegrationType | undefined },
    cursor: Cursor | null,
    limit: number,
  ): Promise<IntegrationRow[]> {
    return db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.organizationId, organizationId),
          filter.type ? eq(integrations.type, filter.type) : undefined,
          cursor
            ? sql`(${integrations.createdAt}, ${integrations.id}) < (${new Date(cursor.v)}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(integrations.createdAt), desc(integrations.id))
      .limit(limit + 1);
  },

  async find(db: Executor, organizationId: string, id: string): Promise<IntegrationRow | null> {
    const [row] = await db.select().from(integrations).where(ofOrganization(organizationId, id));
    return row ?? null;
  },

  /** The row locked until the caller's transaction ends: two changes of one integration apply one after the other. */
  /** The organization's oldest connected integration of `type`, or null. */
  async firstConnected(db: Executor, organizationId: string, type: IntegrationType): Promise<IntegrationRow | null> {
    const [row] = await db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.organizationId, organizationId),
          eq(integrations.type, type),
          eq(integrations.status, 'connected'),
        ),
      )
      .orderBy(integrations.createdAt, integrations.id)
      .limit(1);
    return row ?? null;
  },

  async findForUpdate(db: Executor, organizationId: string, id: string): Promise<IntegrationRow | null> {
    const [row] = await db.select().from(integrations).where(ofOrganization(organizationId, id)).for('update');
    return row ?? null;
  },

  count: async (db: Executor, organizationId: string) =>
    (await db.select({ n: count() }).from(integrations).where(eq(integrations.organizationId, organizationId)))[0]?.n ??
    0,

  async insert(db: Executor, row: typeof integrations.$inferInsert): Promise<IntegrationRow> {
    const [inserted] = await db.insert(integrations).values(row).returning();
    return inserted!;
  },

  async update(db: Executor, organizationId: string, id: string, changes: IntegrationChanges): Promise<IntegrationRow> {
    const [row] = await db
      .update(integrations)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(ofOrganization(organizationId, id))
      .returning();
    return row!;
  },

  async hasUsage(db: Executor, organizationId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: usageEvents.id })
      .from(usageEvents)
      .where(and(eq(usageEvents.organizationId, organizationId), eq(usageEvents.integrationId, id)))
      .limit(1);
    return row !== undefined;
  },

  async delete(db: Executor, organizationId: string, id: string): Promise<void> {
    await db.delete(integrations).where(ofOrganization(organizationId, id));
  },
};
