import fastifySwagger from '@fastify/swagger';
import scalarReference from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import { createBillingService } from './modules/billing/service.ts';
import { registerModelSelectionRoutes } from './modules/catalog/selections.routes.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createDemoOrganizationsService } from './modules/console/demo.service.ts';
import { createConsoleRolesService } from './modules/console/roles.service.ts';
import { registerConsoleRoutes } from './modules/console/routes.ts';
import { registerIdentityRoutes } from './modules/identity/routes.ts';
import { createIdentityService } from './modules/identity/service.ts';
import { createIdentityStore } from './modules/identity/store.ts';
import { registerOrganizationRoutes } from './modules/organizations/routes.ts';
import { createOrganizationsService } from './modules/organizations/service.ts';
import { registerProjectFileRoutes } from './modules/projects/files.routes.ts';
import { createProjectFilesService } from './modules/projects/files.service.ts';
import { createIngestionHandler, INGEST_JOB } from './modules/projects/ingestion.ts';
import { registerProjectRoutes } from './modules/projects/routes.ts';
import { createProjectsService } from './modules/projects/service.ts';
import { registerServiceAccountRoutes } from './modules/service-accounts/routes.ts';
import { createServiceAccountsService } from './modules/service-accounts/service.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { createCredentialResolver } from './platform/auth/credentials.ts';
import { registerGuard } from './platform/auth/guard.ts';
import { createSessionTokens } from './platform/auth/session-tokens.ts';
import { createCredentialStore } from './platform/auth/store.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import type { Database } from './platform/db/client.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { registerGracefulClose } from './platform/http/graceful-close.ts';
import { registerHealthRoutes } from './platform/http/health.ts';
import { registerJsonParser } from './platform/http/json-body.ts';
import { registerRequestIds } from './platform/http/request-ids.ts';
import { registerCaseNormalisation } from './platform/http/request-normalisation.ts';
import { createJobWorker } from './platform/jobs/index.ts';
import { createBlobStorage, createPublicUrl, registerBlobStorage } from './platform/storage/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
}

/** The services of every module, composed once; the CLI and the tests reach them through the app. */
export function createServices({ config, database }: AppDeps) {
  const { db } = database;
  const tokens = createSessionTokens(config.jwtSecret);
  const users = createUsersService({ db });
  const organizations = createOrganizationsService({ db });
  const serviceAccounts = createServiceAccountsService({ db });
  const consoleRoles = createConsoleRolesService({ db });
  const demoOrganizations = createDemoOrganizationsService({ db, organizations, users });
  const billing = createBillingService({ db });
  const catalog = createCatalogService({ db, secretBox: createSecretBox(config.secretKey) });
  const projects = createProjectsService({ db });
  const identity = createIdentityService({ users, tokens, store: createIdentityStore(db) });
  const credentials = createCredentialResolver(createCredentialStore(db), tokens);
  const publicUrl = createPublicUrl(config.publicUrl);
  const storage = createBlobStorage(config, { baseUrl: publicUrl.get });
  // Started by the server after listening and stopped before the database closes.
  const jobWorker = createJobWorker({ db, handlers: { [INGEST_JOB]: createIngestionHandler({ db, storage }) } });
  const projectFiles = createProjectFilesService({ db, storage, projects, onJobsEnqueued: () => jobWorker.wake() });
  return {
    tokens,
    users,
    organizations,
    serviceAccounts,
    consoleRoles,
    demoOrganizations,
    billing,
    catalog,
    projects,
    identity,
    credentials,
    publicUrl,
    storage,
    jobWorker,
    projectFiles,
  };
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(deps: AppDeps, services: Services = createServices(deps)): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    },
    // One line per request is written by the request-id hook instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(deps.config.validateResponses ? serializerCompiler : () => (data) => JSON.stringify(data));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atrium API',
        version: '1.0.0',
        description: 'Multi-tenant AI workspace service. Every /v1 route takes `Authorization: Bearer <credential>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(scalarReference, { routePrefix: '/docs', configuration: { url: '/openapi.json' } });

  registerRequestIds(app);
  registerGracefulClose(app);
  registerErrorHandler(app);
  registerJsonParser(app);
  registerGuard(app, services.credentials);
  registerCaseNormalisation(app);
  services.publicUrl.bind(app);
  registerBlobStorage(app, services.storage);

  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  registerHealthRoutes(app, deps.database);
  registerIdentityRoutes(app, services.identity);
  registerUserRoutes(app, services.users);
  registerServiceAccountRoutes(app, services.serviceAccounts);
  registerConsoleRoutes(app, services);
  registerOrganizationRoutes(app, services.organizations);
  registerModelSelectionRoutes(app, services.catalog.selections);
  registerBillingRoutes(app, services.billing);
  registerProjectRoutes(app, services.projects);
  registerProjectFileRoutes(app, services.projectFiles);
  return app;
}
