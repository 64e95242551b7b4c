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
import { createAgentDirectory } from './modules/agents/directory.ts';
import { registerAgentRoutes } from './modules/agents/routes.ts';
import { createAgentsService, gatewayModelCheck } from './modules/agents/service.ts';
import { registerArtifactRoutes } from './modules/artifacts/routes.ts';
import { createArtifactsService } from './modules/artifacts/service.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import { createBillingService } from './modules/billing/service.ts';
import { registerModelSelectionRoutes } from './modules/catalog/selections.routes.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createDemoOrganizationsService } from './modules/console/demo.service.ts';
import { createConsoleRolesService } from './modules/console/roles.service.ts';
import { registerConsoleRoutes } from './modules/console/routes.ts';
import { registerDlpRoutes } from './modules/dlp/routes.ts';
import { createDlpService } from './modules/dlp/service.ts';
import { registerIdentityRoutes } from './modules/identity/routes.ts';
import { createIdentityService } from './modules/identity/service.ts';
import { createSignInLimits } from './modules/identity/sign-in-limits.ts';
import { registerOrganizationRoutes } from './modules/organizations/routes.ts';
import { createOrganizationsService } from './modules/organizations/service.ts';
import { registerProjectFileRoutes } from './modules/projects/files.routes.ts';
import { createProjectFilesService } from './modules/projects/files.service.ts';
import { createIngestion, INGEST_JOB } from './modules/projects/ingestion.ts';
import { registerProjectRoutes } from './modules/projects/routes.ts';
import { createProjectsService } from './modules/projects/service.ts';
import { createRunActionsService } from './modules/runs/actions.service.ts';
import { createAttachmentResolver } from './modules/runs/attachments.ts';
import { createRunHandler } from './modules/runs/engine/handler.ts';
import { type Launch, RUN_JOB } from './modules/runs/launch.ts';
import { registerRunRoutes } from './modules/runs/routes.ts';
import { createRunsService } from './modules/runs/service.ts';
import { registerRunStreamRoutes } from './modules/runs/streaming/index.ts';
import { createRunTools } from './modules/runs/tools/registry.ts';
import { registerServiceAccountRoutes } from './modules/service-accounts/routes.ts';
import { createServiceAccountsService } from './modules/service-accounts/service.ts';
import { registerSkillRoutes } from './modules/skills/routes.ts';
import { createSkillsService } from './modules/skills/service.ts';
import { registerThreadRoutes } from './modules/threads/routes.ts';
import { createThreadsService, type ThreadCreators } from './modules/threads/service.ts';
import { createTriggersModule, TRIGGER_EVENT_JOB } from './modules/triggers/index.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { registerWorkflowRoutes } from './modules/workflows/routes.ts';
import { createWorkflowsService } from './modules/workflows/service.ts';
import { createCredentialResolver } from './platform/auth/credentials.ts';
import { registerGuard } from './platform/auth/guard.ts';
import { createSessionTokens } from './platform/auth/session-tokens.ts';
import { createCredentialStore } from './platform/auth/store.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { boundPasswordHashing } from './platform/crypto/passwords.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import type { Database, Executor } from './platform/db/client.ts';
import { createEventBus } from './platform/events/index.ts';
import { registerEdge } from './platform/http/edge.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './platform/http/framework-errors.ts';
import { registerGracefulClose } from './platform/http/graceful-close.ts';
import { registerHealthRoutes } from './platform/http/health.ts';
import { registerInputBounds } from './platform/http/input-bounds.ts';
import { registerJsonParser } from './platform/http/json-body.ts';
import { registerRequestRateLimit } from './platform/http/rate-limit.ts';
import { createWindowCounters } from './platform/http/rate-limit-counters.ts';
import { registerRequestIds } from './platform/http/request-ids.ts';
import { registerCaseNormalisation } from './platform/http/request-normalisation.ts';
import { consoleJobLogger, createJobWorker, groupJobWorkers } from './platform/jobs/index.ts';
import { createLimiter } from './platform/limiter.ts';
import { createModelGateway } from './platform/models/index.ts';
import { createRegexEvaluator } from './platform/regex/index.ts';
import {
  BLOB_DELETE_JOB,
  createBlobDeletionHandler,
  createBlobStorage,
  createPublicUrl,
  registerBlobStorage,
} from './platform/storage/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Decides credential, session and demo expiry; the system clock unless a test passes its own. */
  clock?: Clock;
}

/** The services of every module, composed once; the CLI and the tests reach them through the app. */
export function createServices({ config, database, clock = systemClock }: AppDeps) {
  const { db } = database;
  const tokens = createSessionTokens(config.jwtSecret, clock);
  const users = createUsersService({ db });
  const organizations = createOrganizationsService({ db });
  const serviceAccounts = createServiceAccountsService({ db });
  const consoleRoles = createConsoleRolesService({ db });
  const demoOrganizations = createDemoOrganizationsService({ db, organizations, users });
  const billing = createBillingService({ db });
  const secretBox = createSecretBox(config.secretKey);
  // Operators may point providers at private addresses (self-hosted models) unless ATRIUM_ALLOW_PRIVATE_MODEL_URLS=false.
  const allowPrivateAddresses = config.allowPrivateModelUrls;
  const catalog = createCatalogService({ db, secretBox, allowPrivateAddresses });
  // Every model call goes through the gateway (resolution, vendor calls, retries, usage events).
  const models = createModelGateway({
    db,
    secretBox,
    config: { offlineDeltaDelayMs: config.offlineDeltaDelayMs },
    logger: consoleJobLogger,
    allowPrivateAddresses,
  });
  const projects = createProjectsService({ db });
  // DLP patterns run in worker threads, started on first use; closed by the app's onClose.
  const dlp = createDlpService({ db, evaluator: createRegexEvaluator(config.dlp) });
  // argon2 holds threadpool threads; the pool is per process, so is the bound.
  boundPasswordHashing(config.passwordHashing);
  // Failed sign-ins: in Redis (shared by every process) when REDIS_URL is set; closed by the app's onClose.
  const signInCounters = createWindowCounters({
    redisUrl: config.redisUrl,
    prefix: config.rateLimit.prefix,
    log: consoleJobLogger,
  });
  const identity = createIdentityService({
    users,
    tokens,
    signInLimits: createSignInLimits(signInCounters, config.rateLimit.signIn),
    clock,
  });
  const credentials = createCredentialResolver(createCredentialStore(db), tokens, clock);
  const publicUrl = createPublicUrl(config.publicUrl);
  const storage = createBlobStorage(config, { baseUrl: publicUrl.get });
  // Live run events: Redis between processes when REDIS_URL is set, in-process otherwise; closed on shutdown.
  const bus = createEventBus({ redisUrl: config.redisUrl });
  const skills = createSkillsService({ db });
  // Agents answer other modules (thread creators, launch checks, the engine) without depending on them.
  const agentDirectory = createAgentDirectory({ db });
  // Who may create a thread: agents answer for 'agent'; the workflows module plugs in its check for 'workflow'.
  const threadCreators: ThreadCreators = {
    isActive: async (ex, org, type, id, principalId) =>
      type === 'agent'
        ? agentDirectory.isActive(ex, org, id, principalId)
        : workflows.isActive(ex, org, id, principalId),
  };
  // Refuses a new run on a thread whose agent (or, later, workflow) is archived: 409 `agent_archived`.
  const launchGuard = async (ex: Executor, launch: Launch) => {
    const org = launch.thread.organizationId;
    if (launch.agentId) await agentDirectory.assertRunnable(ex, org, launch.agentId);
    if (launch.workflowId) await workflows.assertRunnable(ex, org, launch.workflowId);
  };
  const threads = createThreadsService({ db, projects, creators: threadCreators });
  const artifacts = createArtifactsService({ db, storage, threads });
  // The worker is created before the services that wake it; handlers reach later services through closures.
  let projectFiles: ReturnType<typeof createProjectFilesService> | undefined;
  const tools = createRunTools({
    artifacts,
    projects: { searchProject: (...args) => projectFiles!.searchProject(...args) },
    skills,
  });
  // Workflows: CRUD, run and refine; the engine reads their definitions through `findForRun`.
  const workflows = createWorkflowsService({
    db,
    runs: { startRun: (ctx, place, input) => runs.startRun(ctx, place, input) },
    tools,
    agents: agentDirectory,
    skills,
    gateway: models,
  });
  const runHandler = createRunHandler({
    db,
    gateway: models,
    bus,
    tools,
    // Four tool transactions at once, as when four runs were all a worker took: the pool's ten connections keep
    // six for requests and the rest of the runs.
    toolSlots: createLimiter(4),
    threads,
    log: consoleJobLogger,
    agents: { agents: agentDirectory, skills },
    workflows: { workflow: (org, id) => workflows.findForRun(org, id) },
  });
  // Triggers fire through the same launch path as people; the scheduler runs where the job worker runs.
  const triggers = createTriggersModule({
    db,
    owners: threadCreators,
    threads,
    projects,
    dlp,
    secretBox,
    publicUrl: publicUrl.get,
    onFired: () => runLane.wake(),
    schedulerIntervalMs: config.schedulerIntervalMs,
    log: consoleJobLogger,
  });
  // Runs mostly wait on model vendors, so they get many slots of their own; ingestion is CPU work and keeps a few,
  // and every other kind (an unknown one is dead at once) goes with it. Started by the server after listening and
  // stopped before the database closes.
  const runLaneKinds = [RUN_JOB, TRIGGER_EVENT_JOB];
  const runLane = createJobWorker({
    db,
    leaseMs: config.jobLeaseMs,
    kinds: { only: runLaneKinds },
    concurrency: config.runConcurrency,
    handlers: { [RUN_JOB]: runHandler, [TRIGGER_EVENT_JOB]: triggers.eventHandler },
  });
  // Text extraction runs in a worker thread per file, bounded by config.extract; a dead job fails its file.
  const ingestion = createIngestion({ db, storage, limits: config.extract });
  const backgroundLane = createJobWorker({
    db,
    leaseMs: config.jobLeaseMs,
    kinds: { except: runLaneKinds },
    handlers: { [INGEST_JOB]: ingestion.handler, [BLOB_DELETE_JOB]: createBlobDeletionHandler(storage) },
    onDead: { [INGEST_JOB]: ingestion.onDead },
  });
  const jobWorkers = groupJobWorkers([runLane, backgroundLane]);
  projectFiles = createProjectFilesService({ db, storage, projects, onJobsEnqueued: () => backgroundLane.wake() });
  const files = projectFiles;
  const runs = createRunsService({
    db,
    threads,
    dlp,
    artifacts,
    attachments: createAttachmentResolver({
      projectFile: (ctx, id) => files.get(ctx, id),
      artifact: (ctx, id) => artifacts.get(ctx, id),
    }),
    onRunEnqueued: () => runLane.wake(),
    launchGuard,
  });
  const agents = createAgentsService({
    db,
    models: gatewayModelCheck(models),
    skills,
    runs,
  });
  const runActions = createRunActionsService({ db, runs, events: bus, onRunEnqueued: () => runLane.wake() });
  return {
    tokens,
    users,
    organizations,
    serviceAccounts,
    consoleRoles,
    demoOrganizations,
    billing,
    catalog,
    models,
    projects,
    dlp,
    identity,
    signInCounters,
    credentials,
    publicUrl,
    storage,
    jobWorkers,
    projectFiles: files,
    artifacts,
    bus,
    threads,
    runs,
    runActions,
    skills,
    agents,
    workflows,
    triggers,
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
    // Behind proxies, request.ip (sign-in limits, the per-address request limit) is the client's, not the proxy's.
    trustProxy:
      deps.config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < deps.config.trustProxyHops : false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Before the documentation routes, so that their pages get their own headers.
  await registerEdge(app, { corsOrigins: deps.config.corsOrigins });
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
  registerThreadRoutes(app, services.threads);
  registerRunRoutes(app, services.runs, services.runActions);
  registerRunStreamRoutes(app, {
    reader: services.runs,
    bus: services.bus,
    sse: deps.config.sse,
    access: { credentials: services.credentials, runs: services.runs, recheckMs: deps.config.sse.recheckMs },
  });
  registerArtifactRoutes(app, services.artifacts);
  registerDlpRoutes(app, services.dlp);
  registerSkillRoutes(app, services.skills);
  registerAgentRoutes(app, services.agents);
  registerWorkflowRoutes(app, services.workflows);
  services.triggers.registerRoutes(app);
  app.addHook('onClose', () => services.dlp.close());
  app.addHook('onClose', () => services.signInCounters.close());
  return app;
}
