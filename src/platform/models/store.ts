import type { Executor } from '../db/client.ts';
import { usageEvents } from '../db/schema/index.ts';

/** The gateway's own writes (usage events); the catalog's reads come in through ModelCatalog. */
export const modelGatewayStore = {
  async insertUsage(db: Executor, row: typeof usageEvents.$inferInsert): Promise<void> {
    await db.insert(usageEvents).values(row);
  },
};
