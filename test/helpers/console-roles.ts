import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

/**
 * Ids of the seeded console roles and the system organization. The console-roles routes arrive with the
 * console issue; until then tests read these seed ids straight from the database (read-only).
 */
export async function seedIds(
  app: TestApp,
): Promise<{ systemOrgId: string; operatorRoleId: string; salesRoleId: string }> {
  const { db } = app.server.database;
  const roles = (await db.execute(sql`select id, name from console_roles`)) as unknown as {
    rows: { id: string; name: string }[];
  };
  const orgs = (await db.execute(sql`select id from organizations where is_system`)) as unknown as {
    rows: { id: string }[];
  };
  const byName = new Map(roles.rows.map((r) => [r.name, r.id]));
  return {
    systemOrgId: orgs.rows[0]!.id,
    operatorRoleId: byName.get('Operator')!,
    salesRoleId: byName.get('Sales')!,
  };
}
