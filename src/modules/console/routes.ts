import type { FastifyInstance } from 'fastify';
import { registerCatalogAdminRoutes } from '../catalog/admin.routes.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { OrganizationsService } from '../organizations/service.ts';
import type { ServiceAccountsService } from '../service-accounts/service.ts';
import type { UsersService } from '../users/service.ts';
import { registerDemoOrganizationRoutes } from './demo.routes.ts';
import type { DemoOrganizationsService } from './demo.service.ts';
import { registerOrganizationUserRoutes } from './org-users.routes.ts';
import { registerOrganizationAdminRoutes } from './organizations.routes.ts';
import { registerConsoleRoleRoutes } from './roles.routes.ts';
import type { ConsoleRolesService } from './roles.service.ts';
import { registerSystemUserRoutes } from './system-users.routes.ts';

/** Every /v1/admin route; each declares its console section, enforced by the one guard hook. */
export function registerConsoleRoutes(
  app: FastifyInstance,
  deps: {
    organizations: OrganizationsService;
    users: UsersService;
    serviceAccounts: ServiceAccountsService;
    consoleRoles: ConsoleRolesService;
    demoOrganizations: DemoOrganizationsService;
    catalog: CatalogService;
  },
): void {
  registerOrganizationAdminRoutes(app, deps.organizations);
  registerOrganizationUserRoutes(app, deps);
  registerConsoleRoleRoutes(app, deps.consoleRoles);
  registerSystemUserRoutes(app, deps.users);
  registerDemoOrganizationRoutes(app, deps.demoOrganizations);
  registerCatalogAdminRoutes(app, deps.catalog);
}
