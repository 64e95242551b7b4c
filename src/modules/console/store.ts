import type { Executor } from '../../platform/db/client.ts';
import { consoleRoles } from '../../platform/db/schema/index.ts';

export const consoleRolesStore = {
  async insert(db: Executor, rows: (typeof consoleRoles.$inferInsert)[]): Promise<void> {
    await db.insert(consoleRoles).values(rows);
  },
};
