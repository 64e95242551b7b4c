import { principalIdOf, type RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, conflict, forbidden, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import { isUsableModel, type ModelGateway } from '../../platform/models/index.ts';
import { RUN_TOOL_NAMES, type RunPlace, type RunStart } from '../runs/service.ts';
import { type DefinitionContext, type DefinitionRefs, validateDefinition } from './definition.ts';
import { expansionProblem, type Nesting, resolveNesting } from './nesting.ts';
import { refineWorkflow } from './refine.ts';
import { launchOfWorkflow } from './run.ts';
import type {
  CreateWorkflowInput,
  Definition,
  PatchWorkflowInput,
  RefineInput,
  RunWorkflowInput,
  WorkflowListFilters,
} from './schemas.ts';
import { workflowsStore as store, type WorkflowChanges, type WorkflowRow } from './store.ts';
import { toWorkflowView } from './views.ts';

/** Agents and skills as workflows see them (their modules provide the real checks; app.ts wires them). */
export interface WorkflowAgentCheck {
  /** An active agent of the organization that the principal may see. */
  isActive(db: Executor, organizationId: string, agentId: string, principalId: string): Promise<boolean>;
}
export interface WorkflowSkillCheck {
  /** A live skill (the organization's or a built-in) by slug, or null. */
  getLive(organizationId: string, slug: string, ex: Executor): Promise<unknown | null>;
}

export interface WorkflowsServiceDeps {
  db: Executor;
  agents: WorkflowAgentCheck;
  skills: WorkflowSkillCheck;
  gateway: Pick<ModelGateway, 'resolve' | 'generateObject' | 'recordUsage'>;
  /** 402 `no_active_subscription` before a model call made for a request (refine). */
  billing: { assertSubscribed(organizationId: string): Promise<void> };
}

export const workflowArchived = () =>
  conflict('workflow_archived', 'This workflow is archived; it cannot start new runs');

/** What a run of a workflow executes, fixed when the run starts. */
export interface RunnableWorkflow {
  name: string;
  definition: Definition;
  /** The definitions of every workflow its steps nest, at any level, by id. */
  nested: Record<string, Definition>;
  discussionAgentId: string | null;
}

/**
 * Why a workflow cannot run as its nested workflows now stand (archived or emptied since it was written, a cycle
 * two racing edits wrote, grown past the limits): its first problem, or the expanded-steps limit.
 */
function nestingRefusal(definition: Definition, nesting: Nesting): ApiError | null {
  const index = nesting.problems.findIndex((p) => p !== null);
  if (index >= 0) {
    return new ApiError(422, 'step_failed', `Step "${definition.steps[index]!.id}": ${nesting.problems[index]}`);
  }
  const tooLarge = expansionProblem(nesting.expandedSteps);
  return tooLarge ? new ApiError(422, 'limit_reached', tooLarge) : null;
}

/** Workflows of an organization: CRUD with full definition validation, runs and refinement. */
export function createWorkflowsService(deps: WorkflowsServiceDeps) {
  const { db } = deps;

  const definitionsById = async (ex: Executor, org: string, ids: string[], viewer?: string) =>
    new Map((await store.activeDefinitions(ex, org, ids, viewer)).map((r) => [r.id, r.definition as Definition]));

  const refsFor = (principalId: string): DefinitionRefs => ({
    toolExists: (name) => (RUN_TOOL_NAMES as readonly string[]).includes(name),
    modelUsable: (org, model) => isUsableModel(deps.gateway, org, model),
    skillExists: async (org, slug, ex) => (await deps.skills.getLive(org, slug, ex)) !== null,
    agentActive: (org, id, ex) => deps.agents.isActive(ex, org, id, principalId),
    workflowDefinitions: (org, ids, principalId, ex) => definitionsById(ex, org, ids, principalId),
  });

  const definitionContext = (ctx: RequestContext, ex: Executor, selfId?: string): DefinitionContext => ({
    organizationId: ctx.organizationId,
    principalId: principalIdOf(ctx),
    selfId,
    refs: refsFor(principalIdOf(ctx)),
    ex,
  });

  /** A workflow the caller sees; `archived` decides whether an archived one counts as found. */
  async function visible(ctx: RequestContext, id: string, archived: 'hidden' | 'found' = 'hidden', ex = db) {
    const row = await store.findVisible(ex, ctx.organizationId, id, principalIdOf(ctx));
    if (!row || (archived === 'hidden' && row.status !== 'active')) throw notFound('Workflow');
    return row;
  }

  /** Its creator and organization admins may change or archive a workflow. */
  function assertMayChange(ctx: RequestContext, row: WorkflowRow) {
    if (row.createdBy !== principalIdOf(ctx) && ctx.actor.role !== 'admin') {
      throw forbidden('Only the workflow creator or an organization admin may change it');
    }
  }

  async function checkDiscussionAgent(ctx: RequestContext, agentId: string | null | undefined) {
    if (agentId && !(await deps.agents.isActive(db, ctx.organizationId, agentId, principalIdOf(ctx)))) {
      throw invalidRequest('discussion_agent_id is not an active agent of this organization');
    }
  }

  /**
   * A workflow a run may be started for, as `POST /v1/workflows/:id/run` and the canonical route naming
   * `workflow_id` check it: 404 unless the caller sees it, 409 `workflow_archived`, 400 while it has no steps.
   */
  async function runTarget(ctx: RequestContext, id: string) {
    const row = await visible(ctx, id, 'found');
    if (row.status !== 'active') throw workflowArchived();
    if ((row.definition as Definition).steps.length === 0) {
      throw invalidRequest('This workflow has no steps yet; add steps to its definition before running it');
    }
    return row;
  }

  return {
    async list(ctx: RequestContext, filters: WorkflowListFilters) {
      const rows = await store.listVisible(
        db,
        ctx.organizationId,
        principalIdOf(ctx),
        filters.search || undefined,
        decodeCursor(filters.cursor),
        filters.limit,
      );
      return toPage(rows, filters.limit, (r) => ({ v: r.createdAt.toISOString(), id: r.id }), toWorkflowView);
    },

    get: async (ctx: RequestContext, id: string) => toWorkflowView(await visible(ctx, id)),

    async create(ctx: RequestContext, input: CreateWorkflowInput) {
      await checkDiscussionAgent(ctx, input.discussion_agent_id);
      const definition = await validateDefinition(input.definition, definitionContext(ctx, db));
      const row = await store.insert(db, {
        id: newId(),
        organizationId: ctx.organizationId,
        name: input.name,
        description: input.description ?? null,
        definition,
        config: input.config,
        visibility: input.visibility,
        discussionAgentId: input.discussion_agent_id ?? null,
        createdBy: principalIdOf(ctx),
      });
      return toWorkflowView(row);
    },

    async update(ctx: RequestContext, id: string, patch: PatchWorkflowInput) {
      const row = await visible(ctx, id);
      assertMayChange(ctx, row);
      await checkDiscussionAgent(ctx, patch.discussion_agent_id);
      const changes: WorkflowChanges = {};
      if (patch.definition !== undefined) {
        changes.definition = await validateDefinition(patch.definition, definitionContext(ctx, db, id));
      }
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.description !== undefined) changes.description = patch.description;
      if (patch.config !== undefined) changes.config = patch.config;
      if (patch.visibility !== undefined) changes.visibility = patch.visibility;
      if (patch.discussion_agent_id !== undefined) changes.discussionAgentId = patch.discussion_agent_id;
      return toWorkflowView(await store.update(db, ctx.organizationId, id, changes));
    },

    /** Archives: gone from lists and GET; threads stay readable; new runs get 409 `workflow_archived`. */
    async remove(ctx: RequestContext, id: string) {
      const row = await visible(ctx, id);
      assertMayChange(ctx, row);
      await store.update(db, ctx.organizationId, id, { status: 'archived' });
    },

    runTarget,

    /** What `POST /v1/workflows/:id/run` starts (the routes hand it to the runs service). */
    async launchOf(
      ctx: RequestContext,
      id: string,
      input: RunWorkflowInput,
    ): Promise<{ place: RunPlace; start: RunStart }> {
      return launchOfWorkflow(await runTarget(ctx, id), input);
    },

    async refine(ctx: RequestContext, id: string, input: RefineInput) {
      const row = await visible(ctx, id);
      await deps.billing.assertSubscribed(ctx.organizationId);
      return refineWorkflow(
        { db, gateway: deps.gateway, check: (ex) => definitionContext(ctx, ex, id) },
        ctx,
        row,
        input,
      );
    },

    /** For threads created on behalf of a workflow: an active workflow of the organization the caller sees. */
    async isActive(ex: Executor, organizationId: string, id: string, principalId: string): Promise<boolean> {
      return (await store.findVisible(ex, organizationId, id, principalId))?.status === 'active';
    },

    /** 409 `workflow_archived` unless the workflow is active; read in the launching transaction. */
    async assertRunnable(ex: Executor, organizationId: string, id: string): Promise<void> {
      if ((await store.find(ex, organizationId, id))?.status !== 'active') throw workflowArchived();
    },

    /**
     * For the run engine, when a run starts: the workflow whatever its visibility (the run acts for its creator)
     * and what it nests. Rejects, with the error the run then fails with, a workflow that is gone, archived, or
     * that cannot run as its nested workflows now stand; the engine checks this, not the launch, because only
     * the definitions it captures here are the ones that run.
     */
    async findForRun(organizationId: string, id: string, ex: Executor = db): Promise<RunnableWorkflow> {
      const row = await store.find(ex, organizationId, id);
      if (!row) throw new ApiError(404, 'not_found', 'The workflow of this run no longer exists');
      if (row.status !== 'active') throw workflowArchived();
      const definition = row.definition as Definition;
      const nesting = await resolveNesting(definition, (ids) => definitionsById(ex, organizationId, ids));
      const refusal = nestingRefusal(definition, nesting);
      if (refusal) throw refusal;
      const nested: Record<string, Definition> = {};
      for (const [nestedId, found] of nesting.definitions) if (found) nested[nestedId] = found;
      return { name: row.name, definition, nested, discussionAgentId: row.discussionAgentId };
    },
  };
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
