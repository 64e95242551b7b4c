import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { organizationAppearance } from '../../platform/db/schema/index.ts';

export type AppearanceRow = typeof organizationAppearance.$inferSelect;

export const appearanceStore = {
  async find(db: Executor, organizationId: string): Promise<AppearanceRow | null> {
    const [row] = await db
      .select()
      .from(organizationAppearance)
      .where(eq(organizationAppearance.organizationId, organizationId));
    return row ?? null;
  },

  async save(db: Executor, organizationId: string, allowedThemes: string[], defaultTheme: string | null) {
    await db
      .insert(organizationAppearance)
      .values({ organizationId, allowedThemes, defaultTheme })
      .onConflictDoUpdate({
        target: organizationAppearance.organizationId,
        set: { allowedThemes, defaultTheme, updatedAt: sql`now()` },
      });
  },
};
