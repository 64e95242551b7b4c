import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { testEnv } from './helpers/app.ts';
import { cloneTestDatabase } from './helpers/database.ts';
import { client } from './helpers/http.ts';

let cloned: Awaited<ReturnType<typeof cloneTestDatabase>>;

beforeAll(async () => {
  cloned = await cloneTestDatabase();
});
afterAll(async () => {
  await cloned?.database.close();
  await cloned?.drop();
});

async function count(table: string): Promise<number> {
  const res = (await cloned.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return res.rows[0]!.n;
}

describe('bootstrap', () => {
  it('creates the platform once with generated secrets, and nothing on a second start', async () => {
    const env = testEnv();
    for (const name of ['ATRIUM_ADMIN_PASSWORD', 'ATRIUM_ADMIN_API_KEY', 'ATRIUM_WEB_API_KEY']) delete env[name];
    const config = loadConfig(env);
    // Both servers share one database handle; closing the app alone keeps it open for the second start.
    const first = await startServer(config, cloned.database);
    await first.app.close();
    const created = first.bootstrapped!;
    expect(created.adminEmail).toBe('operator@atrium.test');
    expect(created.adminPassword).toMatch(/^\S{20}$/);
    expect(created.consoleApiKey).toMatch(/^atr_[\w-]{43}$/);
    expect(created.webApiKey).toMatch(/^atr_[\w-]{43}$/);

    const second = await startServer(config, cloned.database);
    try {
      expect(second.bootstrapped).toBeNull();
      expect(await count('organizations')).toBe(1);
      expect(await count('users')).toBe(1);
      expect(await count('service_accounts')).toBe(2);
      expect(await count('api_keys')).toBe(2);
      expect(await count('console_roles')).toBe(2);
      expect(await count('plans')).toBe(3);

      const http = client(second.url);
      const consoleIdentity = await http.as(created.consoleApiKey!).get('/v1/auth/identity');
      expect(consoleIdentity.body).toMatchObject({
        role: 'admin',
        can_access_console: true,
        can_mint_cross_org: false,
      });
      const webIdentity = await http.as(created.webApiKey!).get('/v1/auth/identity');
      expect(webIdentity.body).toMatchObject({ role: 'member', can_access_console: false, can_mint_cross_org: true });

      const session = await http
        .as(created.consoleApiKey!)
        .post('/v1/auth/sessions', { email: created.adminEmail, password: created.adminPassword });
      expect(session.status).toBe(200);
      const me = await http.as(session.body.token).get('/v1/users/me');
      expect(me.body).toMatchObject({ role: 'admin', is_developer: true, organization_is_system: true });
    } finally {
      await second.app.close();
    }
  });

  it('uses the operator and keys given in the environment without echoing them', async () => {
    const fresh = await cloneTestDatabase();
    const env = testEnv();
    const server = await startServer(loadConfig(env), fresh.database);
    try {
      expect(server.bootstrapped).toEqual({
        adminEmail: 'operator@atrium.test',
        adminPassword: null,
        consoleApiKey: null,
        webApiKey: null,
      });
      const http = client(server.url);
      expect((await http.as(env.ATRIUM_ADMIN_API_KEY!).get('/v1/auth/identity')).status).toBe(200);
      expect((await http.as(env.ATRIUM_WEB_API_KEY!).get('/v1/auth/identity')).status).toBe(200);
      const session = await http
        .as(env.ATRIUM_ADMIN_API_KEY!)
        .post('/v1/auth/sessions', { email: env.ATRIUM_ADMIN_EMAIL, password: env.ATRIUM_ADMIN_PASSWORD });
      expect(session.status).toBe(200);
    } finally {
      await server.close();
      await fresh.drop();
    }
  });
});
