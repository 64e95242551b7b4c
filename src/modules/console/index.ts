import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import type { OrganizationsService } from '../organizations/service.ts';
import type { ServiceAccountsService } from '../service-accounts/service.ts';
import type { UsersService } from '../users/service.ts';
import { registerDemoOrganizationRoutes } from './demo.routes.ts';
import { createDemoOrganizationsService } from './demo.service.ts';
import { registerOrganizationUserRoutes } from './org-users.routes.ts';
import { registerOrganizationAdminRoutes } from './organizations.routes.ts';
import { registerConsoleRoleRoutes } from './roles.routes.ts';
import { createConsoleRolesService } from './roles.service.ts';
import { registerSystemUserRoutes } from './system-users.routes.ts';

/**
 * The platform console's /v1/admin routes over organizations, their principals, console roles, system users and
 * demo organizations; each route declares its console section, enforced by the one guard hook. (The model
 * catalog's admin routes are the catalog module's.)
 */
export function createConsoleModule(deps: {
  db: Executor;
  organizations: OrganizationsService;
  users: UsersService;
  serviceAccounts: ServiceAccountsService;
}) {
  const consoleRoles = createConsoleRolesService(deps);
  const demoOrganizations = createDemoOrganizationsService(deps);
  return {
    service: { consoleRoles, demoOrganizations },
    routes(app: FastifyInstance) {
      registerOrganizationAdminRoutes(app, deps.organizations);
      registerOrganizationUserRoutes(app, deps);
      registerConsoleRoleRoutes(app, consoleRoles);
      registerSystemUserRoutes(app, deps.users);
      registerDemoOrganizationRoutes(app, demoOrganizations);
    },
  };
}
