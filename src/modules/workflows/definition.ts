import type { Executor } from '../../platform/db/client.ts';
import { invalidRequest } from '../../platform/http/errors.ts';
import { type Definition, DefinitionSchema, MAX_NESTING, type Step } from './schemas.ts';

/** What a definition may name, looked up for the organization (and the caller, for visibility). */
export interface DefinitionRefs {
  toolExists(name: string): boolean;
  /** Whether a step's `model` (version id or vendor modelId) names an active version of the catalog. */
  modelUsable(organizationId: string, model: string): Promise<boolean>;
  skillExists(organizationId: string, slug: string, ex: Executor): Promise<boolean>;
  agentActive(organizationId: string, agentId: string, ex: Executor): Promise<boolean>;
  /** The definition of an active workflow the caller may see, or null. */
  workflowDefinition(
    organizationId: string,
    workflowId: string,
    principalId: string,
    ex: Executor,
  ): Promise<Definition | null>;
}

export interface DefinitionContext {
  organizationId: string;
  principalId: string;
  /** The workflow being written (absent on create): nesting it anywhere below itself is a cycle. */
  selfId?: string;
  refs: DefinitionRefs;
  ex: Executor;
}

/**
 * The graph rules that need no lookup: ids unique, each `depends_on` entry names an EARLIER step (which makes
 * the graph acyclic by construction) and appears once. Returns the problems found.
 */
export function graphProblems(definition: Definition): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, step] of definition.steps.entries()) {
    const where = `steps[${index}] ("${step.id}")`;
    if (seen.has(step.id)) problems.push(`${where}: duplicate step id`);
    const deps = new Set<string>();
    for (const dep of step.depends_on) {
      if (deps.has(dep)) problems.push(`${where}: depends_on lists "${dep}" twice`);
      deps.add(dep);
      if (seen.has(dep)) continue;
      const later = definition.steps.some((s) => s.id === dep);
      problems.push(
        later
          ? `${where}: depends_on "${dep}" must refer to an earlier step`
          : `${where}: depends_on "${dep}" is not a step of this workflow`,
      );
    }
    seen.add(step.id);
  }
  return problems;
}

/** Problems of the things a step names: a usable model, a known tool, a live skill, an active agent, a nestable workflow. */
async function referenceProblems(step: Step, where: string, ctx: DefinitionContext): Promise<string[]> {
  const { organizationId: org, refs, ex } = ctx;
  switch (step.type) {
    case 'model': {
      const { model } = step.config;
      if (!model || (await refs.modelUsable(org, model))) return [];
      return [`${where}: model "${model}" is not an active model version of the catalog`];
    }
    case 'tool':
      return refs.toolExists(step.config.tool) ? [] : [`${where}: unknown tool "${step.config.tool}"`];
    case 'skill':
      return (await refs.skillExists(org, step.config.skill, ex))
        ? []
        : [`${where}: "${step.config.skill}" is not a live skill of this organization`];
    case 'agent':
      return (await refs.agentActive(org, step.config.agent_id, ex))
        ? []
        : [`${where}: agent ${step.config.agent_id} is not an active agent of this organization`];
    case 'workflow':
      return nestingProblems(step.config.workflow_id, where, ctx);
  }
}

/** Walks the nested workflows below a workflow step: no cycle back to the workflow itself, depth at most 5. */
async function nestingProblems(rootId: string, where: string, ctx: DefinitionContext): Promise<string[]> {
  const walk = async (id: string, depth: number, path: string[]): Promise<string | null> => {
    if (id === ctx.selfId || path.includes(id)) return `${where}: nesting workflow ${id} makes a cycle`;
    if (depth > MAX_NESTING) return `${where}: workflows nest more than ${MAX_NESTING} levels deep`;
    const nested = await ctx.refs.workflowDefinition(ctx.organizationId, id, ctx.principalId, ctx.ex);
    if (!nested) return `${where}: workflow ${id} is not an active workflow you can use`;
    if (nested.steps.length === 0) return `${where}: workflow ${id} has no steps to run`;
    for (const step of nested.steps) {
      if (step.type !== 'workflow') continue;
      const problem = await walk(step.config.workflow_id, depth + 1, [...path, id]);
      if (problem) return problem;
    }
    return null;
  };
  const problem = await walk(rootId, 1, []);
  return problem ? [problem] : [];
}

/** Every problem of a definition (graph first, then what its steps name); empty when it is valid. */
export async function definitionProblems(definition: Definition, ctx: DefinitionContext): Promise<string[]> {
  const problems = graphProblems(definition);
  for (const [index, step] of definition.steps.entries()) {
    problems.push(...(await referenceProblems(step, `steps[${index}] ("${step.id}")`, ctx)));
  }
  return problems;
}

/** Throws 400 `invalid_request` naming the problems (the spec lists no 422 for workflow routes). */
export async function validateDefinition(definition: Definition, ctx: DefinitionContext): Promise<Definition> {
  const problems = await definitionProblems(definition, ctx);
  if (problems.length > 0) throw invalidRequest(`Invalid definition: ${problems.slice(0, 5).join('; ')}`);
  return definition;
}

/** A value that claims to be a definition (a model's proposal): the parsed definition if it is valid, else null. */
export async function checkedDefinition(value: unknown, ctx: DefinitionContext): Promise<Definition | null> {
  const parsed = DefinitionSchema.safeParse(value);
  if (!parsed.success) return null;
  return (await definitionProblems(parsed.data, ctx)).length === 0 ? parsed.data : null;
}

/** Steps no other step depends on: the workflow's results. */
export const sinkSteps = (definition: Definition): Step[] =>
  definition.steps.filter((s) => !definition.steps.some((o) => o.depends_on.includes(s.id)));
