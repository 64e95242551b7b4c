import type { Executor } from '../../platform/db/client.ts';
import { invalidRequest } from '../../platform/http/errors.ts';
import { expansionProblem, resolveNesting } from './nesting.ts';
import { type Definition, DefinitionSchema, type Step } from './schemas.ts';

/** What a definition may name, looked up for the organization (and the caller, for visibility). */
export interface DefinitionRefs {
  toolExists(name: string): boolean;
  /** Whether a step's `model` (version id or vendor modelId) names an active version of the catalog. */
  modelUsable(organizationId: string, model: string): Promise<boolean>;
  skillExists(organizationId: string, slug: string, ex: Executor): Promise<boolean>;
  agentActive(organizationId: string, agentId: string, ex: Executor): Promise<boolean>;
  /** The definitions of the active workflows among `workflowIds` that the caller may see, by id (one read). */
  workflowDefinitions(
    organizationId: string,
    workflowIds: string[],
    principalId: string,
    ex: Executor,
  ): Promise<ReadonlyMap<string, Definition>>;
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

/** Problems of the things a step names: a usable model, a known tool, a live skill, an active agent. */
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
      return []; // judged with every other nested workflow at once (nesting.ts)
  }
}

/**
 * Every problem of a definition (graph first, then what its steps name, then its size with nested workflows
 * expanded); empty when it is valid.
 */
export async function definitionProblems(definition: Definition, ctx: DefinitionContext): Promise<string[]> {
  const problems = graphProblems(definition);
  const { organizationId: org, principalId, refs, ex } = ctx;
  const nesting = await resolveNesting(
    definition,
    (ids) => refs.workflowDefinitions(org, ids, principalId, ex),
    ctx.selfId,
  );
  for (const [index, step] of definition.steps.entries()) {
    const where = `steps[${index}] ("${step.id}")`;
    problems.push(...(await referenceProblems(step, where, ctx)));
    const nested = nesting.problems[index];
    if (nested) problems.push(`${where}: ${nested}`);
  }
  const tooLarge = problems.length === 0 ? expansionProblem(nesting.expandedSteps) : null;
  return tooLarge ? [tooLarge] : problems;
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
