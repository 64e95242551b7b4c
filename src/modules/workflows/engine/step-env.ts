import { createHash } from 'node:crypto';
import type { Executor } from '../../../platform/db/client.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import type { Limiter } from '../../../platform/limiter.ts';
import type {
  ModelCallContext,
  ModelGateway,
  ModelUsage,
  ResolvedModel,
  ToolDefinition,
} from '../../../platform/models/index.ts';
import {
  type AgentContextDeps,
  loadAgentContext,
  type RunEngineDeps,
  type RunRow,
  type RunTool,
} from '../../runs/service.ts';
import type { ThreadRow } from '../../threads/service.ts';
import type { Definition } from '../schemas.ts';

/** What the workflow engine reads of the workflows module (agents and skills come through `AgentContextDeps`). */
export interface WorkflowSources {
  /**
   * When a run starts: its workflow with the definitions it nests. Rejects with an ApiError, which fails the
   * run, a workflow that cannot run (gone, archived, nesting problems, more expanded steps than allowed).
   */
  workflow(
    organizationId: string,
    id: string,
  ): Promise<{
    name: string;
    definition: Definition;
    nested: Record<string, Definition>;
    discussionAgentId: string | null;
  }>;
}

/** The run engine's dependencies with the source of workflow definitions in place of the executor. */
export type WorkflowEngineDeps = Omit<RunEngineDeps, 'workflows'> & { workflows: WorkflowSources };

/** An agent's system prompt (with its default skills) and model, or null when the agent is gone. */
export async function agentOf(agents: AgentContextDeps, organizationId: string, agentId: string) {
  if (!(await agents.agents.forRun(organizationId, agentId))) return null;
  return loadAgentContext(agents, { organizationId, agentId });
}

export interface StepEnv {
  db: Executor;
  gateway: ModelGateway;
  tools: {
    byName(name: string): RunTool | undefined;
    /** What a run of the organization is offered: a connector's tools only while it is connected. */
    offered(organizationId: string, names: string[] | undefined, ex: Executor): Promise<ToolDefinition[]>;
  };
  toolSlots: Limiter;
  agents: AgentContextDeps;
  run: RunRow;
  thread: ThreadRow;
  ctx: ModelCallContext;
  signal: AbortSignal;
  /** Definitions of the nested workflows, captured when the run started. */
  nested: Readonly<Record<string, Definition>>;
}

/** One model call to record in the transaction that stores the step's output. */
export interface StepUsage {
  model: ResolvedModel;
  usage: ModelUsage;
  agentId: string | null;
}

export interface StepResult {
  output: unknown;
  usages: StepUsage[];
}

/** A step that cannot finish: the run fails with it (not retried). */
export const stepError = (message: string) => new ApiError(422, 'step_failed', message);

/** A stable UUID for work done inside one act (a nested tool call keys its artifact on it). */
export function derivedId(base: string, path: string): string {
  const h = createHash('sha256').update(`${base}:${path}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
