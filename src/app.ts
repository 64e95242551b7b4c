import fastifySwagger from '@fastify/swagger';
import scalarReference from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAgentsModule } from './modules/agents/index.ts';
import { gatewayModelCheck } from './modules/agents/service.ts';
import { createArtifactsModule } from './modules/artifacts/index.ts';
import { createBillingModule } from './modules/billing/index.ts';
import { createBrandingModule } from './modules/branding/index.ts';
import { createCatalogModule } from './modules/catalog/index.ts';
import { createConsoleModule } from './modules/console/index.ts';
import { createDepartmentsModule } from './modules/departments/index.ts';
import { createDlpModule } from './modules/dlp/index.ts';
import { createFeatureFlagsModule } from './modules/feature-flags/index.ts';
import { createGeneratorsModule } from './modules/generators/index.ts';
import { createIdentityModule } from './modules/identity/index.ts';
import {
  createIntegrationsModule,
  createMicrosoftConnector,
  createTelegramChannel,
  TELEGRAM_UPDATE_JOB,
  telegramListener,
} from './modules/integrations/index.ts';
import { createOrganizationsModule } from './modules/organizations/index.ts';
import { createProjectsModule } from './modules/projects/index.ts';
import { createRunsModule, RUN_JOB } from './modules/runs/index.ts';
import { createServiceAccountsModule } from './modules/service-accounts/index.ts';
import { createSkillsModule } from './modules/skills/index.ts';
import { createThemesModule } from './modules/themes/index.ts';
import { createThreadsModule } from './modules/threads/index.ts';
import type { ThreadCreators } from './modules/threads/service.ts';
import { createTriggersModule, TRIGGER_EVENT_JOB, triggerEventListener } from './modules/triggers/index.ts';
import { createUsageModule } from './modules/usage/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { createWorkflowsModule } from './modules/workflows/index.ts';
import { registerGuard } from './platform/auth/guard.ts';
import { composeInternalEvents } from './platform/events/internal.ts';
import { registerEdge } from './platform/http/edge.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './platform/http/framework-errors.ts';
import { registerGracefulClose } from './platform/http/graceful-close.ts';
import { registerHealthRoutes } from './platform/http/health.ts';
import { registerInputBounds } from './platform/http/input-bounds.ts';
import { registerJsonParser } from './platform/http/json-body.ts';
import { sortedSchemasTransformObject } from './platform/http/openapi.ts';
import { registerRequestRateLimit } from './platform/http/rate-limit.ts';
import { createWindowCounters } from './platform/http/rate-limit-counters.ts';
import { registerRequestIds } from './platform/http/request-ids.ts';
import { registerCaseNormalisation } from './platform/http/request-normalisation.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { createJobPruner, createJobWorker, groupJobWorkers } from './platform/jobs/index.ts';
import { createLimiter } from './platform/limiter.ts';
import { createHttpLogger } from './platform/logging.ts';
import { createModelGateway } from './platform/models/index.ts';
import { createRegexEvaluator } from './platform/regex/index.ts';
import { BLOB_DELETE_JOB, createBlobDeletionHandler, registerBlobStorage } from './platform/storage/index.ts';
import { type AppDeps, createPlatform, type Platform } from './platform-setup.ts';

export type { AppDeps } from './platform-setup.ts';

/**
 * Every module, in dependency order: each gets only what exists above it in this function (no late binding).
 * Returned in the order their routes register, which is the order of the OpenAPI document's paths.
 */
function createModules(platform: Platform) {
  const { config, db, clock, log, tokens, secretBox, credentials, publicUrl, storage, bus, wakeups } = platform;
  // Internal events (thread.created, run.completed, …) go to the event triggers that listen for them, and a run
  // that came in over Telegram gets its reply sent back when it ends.
  const internalEvents = composeInternalEvents(triggerEventListener, telegramListener);
  const departments = createDepartmentsModule({ db });
  const integrations = createIntegrationsModule({
    db,
    secretBox,
    clock,
    vendors: config.vendors,
    publicUrl,
    secretKey: config.secretKey,
  });
  const branding = createBrandingModule({ db, storage, clock });
  const users = createUsersModule({ db, departments: departments.service });
  const organizations = createOrganizationsModule({ db });
  const serviceAccounts = createServiceAccountsModule({ db });
  const consoleModule = createConsoleModule({
    db,
    organizations: organizations.service,
    users: users.service,
    serviceAccounts: serviceAccounts.service,
  });
  const billing = createBillingModule({ db, clock, log, wakeups });
  const usage = createUsageModule({ db });
  const featureFlags = createFeatureFlagsModule({ db, organizations: organizations.service });
  // Operators may point providers at private addresses (self-hosted models) unless ATRIUM_ALLOW_PRIVATE_MODEL_URLS=false.
  const allowPrivateAddresses = config.allowPrivateModelUrls;
  const catalog = createCatalogModule({ db, secretBox, allowPrivateAddresses });
  // Every model call goes through the gateway (resolution, vendor calls, retries, usage events).
  const models = createModelGateway({
    db,
    secretBox,
    catalog: catalog.service.modelCatalog,
    config: { offlineDeltaDelayMs: config.offlineDeltaDelayMs },
    logger: log,
    allowPrivateAddresses,
    // Every usage event debits the organization's wallet in the event's own transaction.
    onUsageRecorded: billing.service.wallet.debitUsage,
  });
  const themes = createThemesModule({
    db,
    storage,
    clock,
    baseUrl: publicUrl.get,
    gateway: models,
    billing: billing.service,
    logos: branding.service.logoUrls,
  });
  const identity = createIdentityModule({
    db,
    users: users.service,
    tokens,
    credentials,
    // Failed sign-ins: in Redis (shared by every process) when REDIS_URL is set.
    counters: createWindowCounters({ redisUrl: config.redisUrl, prefix: config.rateLimit.prefix, log }),
    signInRules: config.rateLimit.signIn,
    clock,
  });
  // DLP patterns run in worker threads, started on first use.
  const dlp = createDlpModule({ db, evaluator: createRegexEvaluator(config.dlp), wakeups });
  const skills = createSkillsModule({ db });
  const extractLimits = config.extract;
  const projects = createProjectsModule({ db, storage, extractLimits, internalEvents, wakeups, models });
  const agents = createAgentsModule({ db, models: gatewayModelCheck(models), skills: skills.service });
  const workflows = createWorkflowsModule({
    db,
    agents: agents.service,
    skills: skills.service,
    gateway: models,
    billing: billing.service,
  });
  // Who may create a thread on behalf of an agent or a workflow (or own a trigger): their own modules answer.
  const threadCreators: ThreadCreators = {
    isActive: (ex, org, type, id, principalId) =>
      (type === 'agent' ? agents.service : workflows.service).isActive(ex, org, id, principalId),
  };
  const threads = createThreadsModule({ db, projects: projects.service, creators: threadCreators, internalEvents });
  const artifacts = createArtifactsModule({ db, storage, threads: threads.service, internalEvents });
  const generators = createGeneratorsModule({
    artifacts: artifacts.service,
    branding: branding.service,
    themes: themes.service,
  });
  const runs = createRunsModule({
    db,
    gateway: models,
    bus,
    internalEvents,
    wakeups,
    log,
    threads: threads.service,
    dlp: dlp.service,
    artifacts: artifacts.service,
    tools: {
      generators: generators.service.tools,
      // Microsoft 365's tools, offered to a run only while its organization has the integration connected.
      connectors: [
        createMicrosoftConnector({
          connection: integrations.service.microsoftConnection,
          connected: integrations.service.hasMicrosoftConnection,
          microsoft: integrations.vendors.microsoft,
          extract: config.extract,
        }),
      ],
      // create_image calls the organization's image model and stores its picture as the act's artifact.
      images: { gateway: models, artifacts: artifacts.service },
      projects: projects.files,
      skills: skills.service,
    },
    files: {
      projectFile: (ctx, id) => projects.files.get(ctx, id),
      artifact: (ctx, id) => artifacts.service.get(ctx, id),
    },
    attachments: { projectFiles: projects.files.attached, artifacts: artifacts.service.attached, read: storage.read },
    // Four tool transactions at once, as when four runs were all a worker took: the pool's ten connections keep
    // six for requests and the rest of the runs.
    toolSlots: createLimiter(4),
    agents: agents.service,
    skills: skills.service,
    workflows: {
      assertRunnable: workflows.service.assertRunnable,
      runTarget: workflows.service.runTarget,
      executor: workflows.executor,
    },
    billing: billing.service,
    streams: { sse: config.sse, recheckMs: config.sse.recheckMs, credentials },
  });
  // Triggers fire through the same launch path as people; the scheduler runs where the job worker runs.
  const triggers = createTriggersModule({
    db,
    owners: threadCreators,
    threads: threads.service,
    runs: runs.service,
    projects: projects.service,
    dlp: dlp.service,
    secretBox,
    publicUrl: publicUrl.get,
    onFired: () => wakeups.wake(RUN_JOB),
    schedulerIntervalMs: config.schedulerIntervalMs,
    log,
  });
  const telegramChannel = createTelegramChannel({
    db,
    clock,
    secretBox,
    webhookSecret: integrations.webhookSecret,
    telegram: integrations.vendors.telegram,
    storage,
    artifacts: artifacts.service,
    runs: runs.service,
    actions: runs.actions,
    threads: threads.service,
    users: users.service,
    dlp: dlp.service,
    onRunEnqueued: () => wakeups.wake(RUN_JOB),
    onUpdateQueued: () => wakeups.wake(TELEGRAM_UPDATE_JOB),
  });

  return {
    modules: {
      identity,
      users,
      serviceAccounts,
      console: consoleModule,
      catalog,
      organizations,
      branding,
      departments,
      themes,
      billing,
      usage,
      projects,
      threads,
      runs,
      artifacts,
      dlp,
      featureFlags,
      integrations,
      telegramChannel,
      skills,
      agents,
      workflows,
      triggers,
      generators,
    },
    models,
  };
}

type Modules = ReturnType<typeof createModules>['modules'];

/**
 * The job lanes, from the modules' job handlers, and the pruning of finished jobs; started by the server after
 * listening and stopped before the database closes.
 */
function createJobLanes(
  { config, db, log, storage, wakeups }: Platform,
  { runs, triggers, projects, branding, themes, billing, telegramChannel, dlp }: Modules,
) {
  // Runs mostly wait on model vendors, so they get many slots of their own; ingestion is CPU work and keeps a few,
  // and every other kind (an unknown one is dead at once) goes with it. Started by the server after listening and
  // stopped before the database closes.
  const runLaneKinds = [RUN_JOB, TRIGGER_EVENT_JOB];
  const runLane = createJobWorker({
    db,
    leaseMs: config.jobLeaseMs,
    kinds: { only: runLaneKinds },
    concurrency: config.runConcurrency,
    handlers: { ...runs.jobs.handlers, ...triggers.jobs.handlers },
    wakeups,
  });
  const backgroundLane = createJobWorker({
    db,
    leaseMs: config.jobLeaseMs,
    kinds: { except: runLaneKinds },
    handlers: {
      ...projects.jobs.handlers,
      ...branding.jobs.handlers,
      ...themes.jobs.handlers,
      ...billing.jobs.handlers,
      ...telegramChannel.jobs.handlers,
      ...dlp.jobs.handlers,
      [BLOB_DELETE_JOB]: createBlobDeletionHandler(storage),
    },
    onDead: { ...projects.jobs.onDead, ...dlp.jobs.onDead },
    wakeups,
  });
  const pruner = createJobPruner({ db, retentionDays: config.jobRetentionDays, logger: log });
  return groupJobWorkers([runLane, backgroundLane], config.jobRetentionDays > 0 ? [pruner] : []);
}

/** The platform, every module and the job lanes, composed once; the CLI, the tests and buildApp reach them here. */
export function createServices(deps: AppDeps) {
  const platform = createPlatform(deps);
  const { modules, models } = createModules(platform);
  const { tokens, credentials, publicUrl, storage, bus, jobNotifications } = platform;
  const shared = { tokens, credentials, publicUrl, storage, bus, jobNotifications, models };
  return {
    ...shared,
    jobWorkers: createJobLanes(platform, modules),
    modules,
    users: modules.users.service,
    organizations: modules.organizations.service,
    serviceAccounts: modules.serviceAccounts.service,
    consoleRoles: modules.console.service.consoleRoles,
    dlp: modules.dlp.service,
    triggers: modules.triggers,
    invoiceScheduler: modules.billing.invoiceScheduler,
  };
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(deps: AppDeps, services: Services = createServices(deps)): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: createHttpLogger(deps.config.logLevel),
    // One line per request is written by the request-id hook instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Behind proxies, request.ip (sign-in limits, the per-address request limit) is the client's, not the proxy's.
    trustProxy:
      deps.config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < deps.config.trustProxyHops : false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Before the documentation routes, so that their pages get their own headers.
  await registerEdge(app, { corsOrigins: deps.config.corsOrigins, blobOrigin: services.storage.urlOrigin });
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
    transformObject: sortedSchemasTransformObject,
  });
  await app.register(scalarReference, { routePrefix: '/docs', configuration: { url: '/openapi.json' } });

  registerRequestIds(app);
  // Before the guard: a caller over its limit costs no credential lookup.
  registerRequestRateLimit(app, { perMinute: deps.config.rateLimit.perMinute });
  registerInputBounds(app);
  registerGracefulClose(app);
  registerErrorHandler(app);
  registerJsonParser(app);
  registerGuard(app, services.credentials);
  registerCaseNormalisation(app);
  services.publicUrl.bind(app);
  registerBlobStorage(app, services.storage);

  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  registerWebApp(app, deps.config.webDistDir);
  registerHealthRoutes(app, deps.database);
  const m = services.modules;
  m.identity.routes(app);
  m.users.routes(app);
  m.serviceAccounts.routes(app);
  m.console.routes(app);
  m.catalog.adminRoutes(app);
  m.organizations.routes(app);
  m.branding.routes(app);
  m.departments.routes(app);
  m.integrations.routes(app);
  m.telegramChannel.routes(app);
  m.themes.routes(app);
  m.catalog.routes(app);
  m.billing.routes(app);
  m.usage.routes(app);
  m.projects.routes(app);
  m.threads.routes(app);
  m.runs.routes(app);
  m.artifacts.routes(app);
  m.dlp.routes(app);
  m.featureFlags.routes(app);
  m.skills.routes(app);
  m.agents.routes(app, { runs: m.runs.service });
  m.workflows.routes(app, { runs: m.runs.service });
  m.triggers.routes(app);
  return app;
}
