import { principalIdOf, type RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { type Cursor, decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import { isUsableModel, type ModelGateway } from '../../platform/models/index.ts';
import type { RunPlace, RunStart } from '../runs/service.ts';
import { agentArchived, createAgentDirectory } from './directory.ts';
import type { AgentConfig, AgentListFilters, CreateAgentInput, PatchAgentInput, RunAgentInput } from './schemas.ts';
import { type AgentChanges, type AgentRow, agentsStore as store } from './store.ts';
import { toAgentView } from './views.ts';

/** The skills an agent may name by default: the slugs of `slugs` that are no live skill of the organization. */
export interface AgentSkillCheck {
  missingSlugs(organizationId: string, slugs: string[], db?: Executor): Promise<string[]>;
}

/** Whether a model name is an active catalog version (its id or vendor modelId). */
export interface AgentModelCheck {
  isUsable(ctx: RequestContext, model: string): Promise<boolean>;
}

/** The model check over the gateway's own resolution (`config.model` → an active version, else 422). */
export const gatewayModelCheck = (gateway: Pick<ModelGateway, 'resolve'>): AgentModelCheck => ({
  isUsable: (ctx, model) => isUsableModel(gateway, ctx.organizationId, model),
});

export interface AgentsServiceDeps {
  db: Executor;
  models: AgentModelCheck;
  skills: AgentSkillCheck;
}

const cursorOf = (row: AgentRow): Cursor => ({ v: row.createdAt.toISOString(), id: row.id });

/**
 * Agents of an organization. Any credential may create one; private agents exist only for their creator (org
 * admins included: no special view). The creator or an org admin may change or archive a visible agent.
 */
export function createAgentsService(deps: AgentsServiceDeps) {
  const { db } = deps;
  const directory = createAgentDirectory(deps);

  /** The agent as the caller sees it; archived, private to someone else, foreign and missing are one 404. */
  async function visible(ctx: RequestContext, id: string, ex: Executor = db): Promise<AgentRow> {
    const row = await store.findVisible(ex, ctx.organizationId, id, principalIdOf(ctx));
    if (!row) throw notFound('Agent');
    return row;
  }

  async function manageable(ctx: RequestContext, id: string): Promise<AgentRow> {
    const row = await visible(ctx, id);
    if (row.createdBy !== principalIdOf(ctx) && ctx.actor.role !== 'admin') {
      throw forbidden('Only the agent’s creator or an organization admin may change it');
    }
    return row;
  }

  /** 422 `validation_error` for a model that names no active version or slugs that name no live skill. */
  async function checkReferences(ctx: RequestContext, config?: AgentConfig, slugs?: string[]) {
    if (config?.model !== undefined && !(await deps.models.isUsable(ctx, config.model))) {
      throw unprocessable(`config.model: "${config.model}" is not an active model version of the catalog`);
    }
    if (slugs?.length) {
      const missing = await deps.skills.missingSlugs(ctx.organizationId, slugs);
      if (missing.length > 0) throw unprocessable(`default_skill_slugs: no live skill ${missing.join(', ')}`);
    }
  }

  /**
   * An agent a run may be started for, as `POST /v1/agents/:id/run` and the canonical route naming `agent_id`
   * check it: 404 unless the caller sees it, 409 `agent_archived` unless it is active.
   */
  async function runTarget(ctx: RequestContext, id: string) {
    const agent = await store.findForPrincipal(db, ctx.organizationId, id, principalIdOf(ctx));
    if (!agent) throw notFound('Agent');
    if (agent.status !== 'active') throw agentArchived();
    return agent;
  }

  return {
    async list(ctx: RequestContext, filters: AgentListFilters) {
      const rows = await store.listVisible(
        db,
        ctx.organizationId,
        principalIdOf(ctx),
        filters.search || undefined,
        decodeCursor(filters.cursor),
        filters.limit,
      );
      return toPage(rows, filters.limit, cursorOf, toAgentView);
    },

    get: async (ctx: RequestContext, id: string) => toAgentView(await visible(ctx, id)),

    async create(ctx: RequestContext, input: CreateAgentInput) {
      await checkReferences(ctx, input.config, input.default_skill_slugs);
      const row = await store.insert(db, {
        id: newId(),
        organizationId: ctx.organizationId,
        name: input.name,
        description: input.description || null,
        systemPrompt: input.system_prompt,
        config: input.config ?? {},
        visibility: input.visibility,
        defaultSkillSlugs: input.default_skill_slugs ?? [],
        createdBy: principalIdOf(ctx),
      });
      return toAgentView(row);
    },

    async update(ctx: RequestContext, id: string, patch: PatchAgentInput) {
      const current = await manageable(ctx, id);
      await checkReferences(ctx, patch.config, patch.default_skill_slugs);
      const changes: AgentChanges = {};
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.description !== undefined) changes.description = patch.description || null;
      if (patch.system_prompt !== undefined) changes.systemPrompt = patch.system_prompt;
      if (patch.config !== undefined) changes.config = patch.config;
      if (patch.visibility !== undefined) changes.visibility = patch.visibility;
      if (patch.default_skill_slugs !== undefined) changes.defaultSkillSlugs = patch.default_skill_slugs;
      if (Object.keys(changes).length === 0) return toAgentView(current);
      const row = await store.update(db, ctx.organizationId, id, changes);
      if (!row) throw notFound('Agent');
      return toAgentView(row);
    },

    /** Archives: gone from lists and GET; its threads stay readable; new runs through it are 409. */
    async archive(ctx: RequestContext, id: string): Promise<void> {
      await manageable(ctx, id);
      await store.update(db, ctx.organizationId, id, { status: 'archived' });
    },

    runTarget,

    /**
     * What `POST /v1/agents/:id/run`, the compatibility alias of the canonical start-run, starts: `input.prompt`
     * becomes the user message (the whole input is the run's input), on `thread_id` (a thread of this agent) or
     * on a new thread created by the agent in the run's transaction, so a refused prompt leaves no thread behind.
     */
    async launchOf(
      ctx: RequestContext,
      id: string,
      body: RunAgentInput,
    ): Promise<{ place: RunPlace; start: RunStart }> {
      const agent = await runTarget(ctx, id);
      const place: RunPlace = body.thread_id
        ? { threadId: body.thread_id, of: { type: 'agent', id: agent.id } }
        : { newThread: { created_by_type: 'agent', created_by_id: agent.id } };
      return { place, start: { content: body.input.prompt, metadata: body.metadata, input: body.input } };
    },

    /** Answers for other modules (threads, runs, the engine, workflows): directory.ts. */
    ...directory,
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
