import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { usageEvents, users } from '../db/schema/index.ts';

/** The gateway's own writes (usage events); the catalog's reads come in through ModelCatalog. */
export const modelGatewayStore = {
  /**
   * Without a department of its own, an event takes the department its user is in at that moment, read in the
   * same statement (so a later move of the user does not rewrite past events).
   */
  insertUsage(db: Executor, row: typeof usageEvents.$inferInsert): SQL {
    const departmentOfUser =
      row.departmentId == null && row.userId
        ? sql`(select ${users.departmentId} from ${users}
               where ${users.id} = ${row.userId} and ${users.organizationId} = ${row.organizationId})`
        : (row.departmentId ?? null);
    return db
      .insert(usageEvents)
      .values({ ...row, departmentId: departmentOfUser })
      .getSQL();
  },
};
