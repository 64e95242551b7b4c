import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { aiModelFamilies, aiModelVersions, aiProviders } from '../../platform/db/schema/index.ts';

export type AiProviderRow = typeof aiProviders.$inferSelect;

const live = (id: string) => and(eq(aiProviders.id, id), isNull(aiProviders.deletedAt));

/** Providers are platform-wide; deleted ones are kept (soft delete) but invisible here. */
export const aiProvidersStore = {
  list: (db: Executor) =>
    db
      .select()
      .from(aiProviders)
      .where(isNull(aiProviders.deletedAt))
      .orderBy(asc(aiProviders.name), asc(aiProviders.id)),

  async findById(db: Executor, id: string): Promise<AiProviderRow | null> {
    const [row] = await db.select().from(aiProviders).where(live(id));
    return row ?? null;
  },

  async insert(db: Executor, row: typeof aiProviders.$inferInsert): Promise<void> {
    await db.insert(aiProviders).values(row);
  },

  async update(db: Executor, id: string, changes: Partial<typeof aiProviders.$inferInsert>): Promise<void> {
    await db
      .update(aiProviders)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(live(id));
  },

  async softDelete(db: Executor, id: string): Promise<void> {
    await db.update(aiProviders).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(live(id));
  },
};

/** The built-in offline model's rows (modules/catalog/seed.ts). */
export const offlineModelStore = {
  /**
   * The offline model's catalog rows, each inserted only when absent (fixed ids). When another live provider
   * already holds the slug, nothing is inserted and false is returned.
   */
  async seed(
    tx: Executor,
    rows: {
      provider: typeof aiProviders.$inferInsert;
      families: (typeof aiModelFamilies.$inferInsert)[];
      versions: (typeof aiModelVersions.$inferInsert)[];
    },
  ): Promise<boolean> {
    await tx.insert(aiProviders).values(rows.provider).onConflictDoNothing();
    const [provider] = await tx
      .select({ id: aiProviders.id })
      .from(aiProviders)
      .where(eq(aiProviders.id, rows.provider.id));
    if (!provider) return false;
    await tx.insert(aiModelFamilies).values(rows.families).onConflictDoNothing();
    await tx.insert(aiModelVersions).values(rows.versions).onConflictDoNothing();
    return true;
  },
};
