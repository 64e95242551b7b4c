import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/auth/actor.ts';
import type { CredentialResolver } from '../../platform/auth/credentials.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { EventBus } from '../../platform/events/index.ts';
import type { InternalEvents } from '../../platform/events/internal.ts';
import type { SseConfig } from '../../platform/http/sse.ts';
import type { JobLogger, JobWakeups } from '../../platform/jobs/index.ts';
import type { Limiter } from '../../platform/limiter.ts';
import type { ModelGateway } from '../../platform/models/index.ts';
import type { SpendEnforcement } from '../billing/service.ts';
import { createRunActionsService } from './actions.service.ts';
import { createAttachmentResolver } from './attachments.ts';
import type { AgentContextDeps } from './engine/agent-context.ts';
import { createRunHandler, type RunEngineDeps, type RunExecutor } from './engine/handler.ts';
import { type Launch, RUN_JOB } from './launch.ts';
import { registerRunRoutes } from './routes.ts';
import { createRunsService, type RunsServiceDeps } from './service.ts';
import { registerRunStreamRoutes } from './streaming/index.ts';
import { createRunTools, type RunToolsDeps } from './tools/registry.ts';

export { RUN_JOB };

/** 409 `agent_archived` / `workflow_archived` unless the run's agent or workflow takes new runs. */
interface RunnableCheck {
  assertRunnable(ex: Executor, organizationId: string, id: string): Promise<void>;
  /** The checks of its run alias for an agent or workflow the canonical route names (404, 409, 400). */
  runTarget(ctx: RequestContext, id: string): Promise<unknown>;
}

export interface RunsModuleDeps extends Pick<RunsServiceDeps, 'db' | 'dlp' | 'artifacts'> {
  /** Visibility and creation of threads for requests; the engine's thread with its organization's name. */
  threads: RunsServiceDeps['threads'] & RunEngineDeps['threads'];
  gateway: ModelGateway;
  bus: EventBus;
  internalEvents: InternalEvents;
  wakeups: JobWakeups;
  log: JobLogger;
  /** The tools' providers: the generators' file tools, project search, skills. */
  tools: RunToolsDeps;
  /** What an attached project file or artifact is, as the caller may see it. */
  files: Parameters<typeof createAttachmentResolver>[0];
  /** Attached project files and artifacts as the model reads them. */
  attachments: RunEngineDeps['attachments'];
  /** Where a tool transaction waits for one of a few slots (see RunEngineDeps.toolSlots). */
  toolSlots: Limiter;
  agents: RunnableCheck & AgentContextDeps['agents'];
  skills: AgentContextDeps['skills'];
  workflows: RunnableCheck & { executor: RunExecutor };
  /**
   * Checked by every launch: 402 `no_active_subscription` unless the organization may use models, then spend
   * enforcement (402 `insufficient_balance`, `spend_limit_reached`); the engine's mid-run spend pause.
   */
  billing: Pick<SpendEnforcement, 'assertMayLaunch' | 'limitToApprove' | 'allowPastLimit'>;
  /** Open streams re-check their caller every `recheckMs` (ATRIUM_SSE_RECHECK_MS). */
  streams: { sse: SseConfig; recheckMs: number; credentials: Pick<CredentialResolver, 'resolve'> };
}

/**
 * Messages and runs: posting, the one launch path (thread, agent and workflow runs), the `run.execute` job that
 * drives agent runs (and hands workflow runs to the workflows module's executor), approvals and cancels, and
 * the run streams.
 */
export function createRunsModule(deps: RunsModuleDeps) {
  const wake = () => deps.wakeups.wake(RUN_JOB);
  const admit = async (ex: Executor, launch: Launch) => {
    const org = launch.thread.organizationId;
    await deps.billing.assertMayLaunch(ex, org, { userId: launch.userId, agentId: launch.agentId });
  };
  const service = createRunsService({
    db: deps.db,
    threads: deps.threads,
    dlp: deps.dlp,
    artifacts: deps.artifacts,
    attachments: createAttachmentResolver(deps.files),
    onRunEnqueued: wake,
    internalEvents: deps.internalEvents,
    admit,
    launchGuard: async (ex: Executor, launch: Launch) => {
      const org = launch.thread.organizationId;
      await admit(ex, launch);
      if (launch.agentId) await deps.agents.assertRunnable(ex, org, launch.agentId);
      if (launch.workflowId) await deps.workflows.assertRunnable(ex, org, launch.workflowId);
    },
  });
  const actions = createRunActionsService({
    db: deps.db,
    runs: service,
    events: deps.bus,
    internalEvents: deps.internalEvents,
    onRunEnqueued: wake,
    spend: deps.billing,
  });
  const handler = createRunHandler({
    db: deps.db,
    gateway: deps.gateway,
    bus: deps.bus,
    internalEvents: deps.internalEvents,
    tools: createRunTools(deps.tools),
    toolSlots: deps.toolSlots,
    threads: deps.threads,
    log: deps.log,
    agents: { agents: deps.agents, skills: deps.skills },
    workflows: deps.workflows.executor,
    spend: deps.billing,
    attachments: deps.attachments,
  });
  return {
    service,
    /** Approve, reject, resume and cancel: also how a channel (Telegram) answers an interrupt for a member. */
    actions,
    jobs: { handlers: { [RUN_JOB]: handler } },
    routes(app: FastifyInstance) {
      registerRunRoutes(app, service, actions, { agent: deps.agents.runTarget, workflow: deps.workflows.runTarget });
      registerRunStreamRoutes(app, {
        reader: service,
        bus: deps.bus,
        sse: deps.streams.sse,
        access: { credentials: deps.streams.credentials, runs: service, recheckMs: deps.streams.recheckMs },
      });
    },
  };
}
