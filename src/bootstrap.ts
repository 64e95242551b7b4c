import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { ConsoleRolesService } from './modules/console/roles.service.ts';
import type { OrganizationsService } from './modules/organizations/service.ts';
import type { ServiceAccountsService } from './modules/service-accounts/service.ts';
import type { UsersService } from './modules/users/service.ts';
import { generatePassword } from './platform/crypto/passwords.ts';
import type { Executor } from './platform/db/client.ts';

/** Serialises bootstraps of several processes starting on one empty PostgreSQL database. */
const BOOTSTRAP_LOCK_ID = 7_361_003;
export const SYSTEM_ORGANIZATION_NAME = 'Atrium Platform';

export interface BootstrapResult {
  adminEmail: string;
  /** Plaintexts are present only when generated here: values given in the environment are not echoed. */
  adminPassword: string | null;
  consoleApiKey: string | null;
  webApiKey: string | null;
}

/**
 * First start on an empty database: plans, console roles, the system organization, an operator, and two
 * service accounts with one key each: `console` (console access, own organization only) and `web`
 * (mints sessions for users of every organization, no console access). Any later start creates nothing.
 */
export async function bootstrap(deps: {
  db: Executor;
  config: Config['bootstrap'];
  organizations: Pick<OrganizationsService, 'findSystem' | 'insertWithFreePlan' | 'seedPlans'>;
  consoleRoles: Pick<ConsoleRolesService, 'seedRoles'>;
  users: Pick<UsersService, 'create'>;
  serviceAccounts: Pick<ServiceAccountsService, 'createWithKey'>;
}): Promise<BootstrapResult | null> {
  const { config, organizations, users, serviceAccounts } = deps;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`);
    if (await organizations.findSystem(tx)) return null;

    await organizations.seedPlans(tx);
    await deps.consoleRoles.seedRoles(tx);
    const organizationId = await organizations.insertWithFreePlan(
      tx,
      { name: SYSTEM_ORGANIZATION_NAME, industry: null, primary_language: 'en', primary_timezone: 'UTC' },
      { isSystem: true },
    );
    const adminPassword = config.adminPassword ?? generatePassword();
    await users.create(
      organizationId,
      true,
      {
        first_name: 'Platform',
        last_name: 'Operator',
        display_name: null,
        email: config.adminEmail,
        role: 'admin',
        is_developer: true,
      },
      { ex: tx, password: adminPassword },
    );
    const consoleKey = await serviceAccounts.createWithKey(
      tx,
      organizationId,
      {
        name: 'console',
        description: 'Operators and their automation: console access within the system organization',
        role: 'admin',
        canAccessConsole: true,
        canMintCrossOrg: false,
      },
      'console',
      config.consoleApiKey ?? undefined,
    );
    const webKey = await serviceAccounts.createWithKey(
      tx,
      organizationId,
      {
        name: 'web',
        description: 'The web app: signs in people of every organization; no console access',
        role: 'member',
        canAccessConsole: false,
        canMintCrossOrg: true,
      },
      'web',
      config.webApiKey ?? undefined,
    );
    return {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword ? null : adminPassword,
      consoleApiKey: config.consoleApiKey ? null : consoleKey.key,
      webApiKey: config.webApiKey ? null : webKey.key,
    };
  });
}
