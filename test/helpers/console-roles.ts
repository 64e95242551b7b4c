import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';
import { createOrgWithAdmin } from './fixtures.ts';

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

/** A session of a system-organization member holding only the Sales role, minted with the console key. */
export async function salesMemberSession(app: TestApp): Promise<string> {
  const ids = await seedIds(app);
  const member = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${ids.systemOrgId}/users`, {
    firstName: 'Sal',
    lastName: 'Es',
    email: `sales-${randomUUID()}@atrium.test`,
    consoleRoleId: ids.salesRoleId,
  });
  if (member.status !== 201) throw new Error(`could not create a Sales member: ${member.text}`);
  const session = await app.http
    .as(app.consoleKey)
    .post('/v1/auth/sessions', { email: member.body.user.email, password: member.body.password });
  if (session.status !== 200) throw new Error(`could not sign in the Sales member: ${session.text}`);
  return session.body.token as string;
}

/**
 * Callers that authenticate but lack the `ai-platform` console section: an organization admin's session, the
 * web key (no console access) and a Sales-only operator. Each must get 403 `admin_required` on catalog routes.
 */
export async function aiPlatformOutsiders(app: TestApp): Promise<{ credential: string; code: string }[]> {
  return consoleOutsiders(app, (await createOrgWithAdmin(app)).admin.token);
}

/**
 * Callers that authenticate but hold no console section beyond Sales (an org admin's session, the web key, a
 * Sales-only operator): 403 `admin_required` on every operator route of another section.
 */
export async function consoleOutsiders(app: TestApp, orgAdminToken: string) {
  return [orgAdminToken, app.webKey, await salesMemberSession(app)].map((credential) => ({
    credential,
    code: 'admin_required',
  }));
}
