import type { Executor } from '../../platform/db/client.ts';
import type { OrganizationsService } from '../organizations/service.ts';
import type { UsersService } from '../users/service.ts';

export interface CreateDemoInput {
  name: string;
  expires_at: string;
  admin: { email: string; first_name: string; last_name: string };
}

/** Demo organizations: ordinary organizations with an expiry, created with their first admin in one go. */
export function createDemoOrganizationsService(deps: {
  db: Executor;
  organizations: Pick<OrganizationsService, 'insertWithFreePlan' | 'getDemo' | 'listDemos'>;
  users: Pick<UsersService, 'create'>;
}) {
  const { db, organizations, users } = deps;
  return {
    list: (cursor: string | undefined, limit: number) => organizations.listDemos(cursor, limit),

    async create(input: CreateDemoInput) {
      const expiresAt = new Date(input.expires_at);
      return db.transaction(async (tx) => {
        const id = await organizations.insertWithFreePlan(
          tx,
          { name: input.name, industry: null, primary_language: 'en', primary_timezone: 'UTC' },
          { demoExpiresAt: expiresAt },
        );
        const { user, password } = await users.create(
          id,
          false,
          { ...input.admin, display_name: null, role: 'admin', is_developer: true },
          { ex: tx },
        );
        return { organization: await organizations.getDemo(id, tx), user, password };
      });
    },
  };
}

export type DemoOrganizationsService = ReturnType<typeof createDemoOrganizationsService>;
