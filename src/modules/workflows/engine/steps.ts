import type { Definition, Step } from '../schemas.ts';
import { callTool, runAgentStep } from './agent-step.ts';
import { derivedId, type StepEnv, type StepResult, type StepUsage, stepError } from './step-env.ts';
import { joinResults, renderTemplate, renderValue, type TemplateScope } from './template.ts';

/** Workflows go at most this many levels deep at run time too (definitions are checked when written). */
export const MAX_RUN_NESTING = 5;

/** One model round on a prompt: the text it answers (no tools are offered). */
async function modelText(
  env: StepEnv,
  req: { prompt: string; system?: string; agentModel?: string | null; agentId?: string | null },
): Promise<StepResult> {
  const ctx = { ...env.ctx, agentId: req.agentId ?? env.ctx.agentId ?? null };
  const model = await env.gateway.resolve(ctx, { agentModel: req.agentModel ?? null });
  const result = await env.gateway.streamRound({
    model,
    system: req.system,
    messages: [{ role: 'user', content: req.prompt }],
    signal: env.signal,
  });
  return { output: { text: result.text }, usages: [{ model, usage: result.usage, agentId: ctx.agentId }] };
}

/**
 * A model, skill, agent or nested-workflow step, and tool steps of nested workflows (top-level tool steps run
 * as tool acts). `actId` names the act the work belongs to and `path` the step inside it.
 */
export async function executeStep(
  env: StepEnv,
  step: Step,
  scope: TemplateScope,
  place: { actId: string; path: string; depth: number },
): Promise<StepResult> {
  const org = env.run.organizationId;
  switch (step.type) {
    case 'model':
      return modelText(env, { prompt: renderTemplate(step.config.prompt, scope), agentModel: step.config.model });
    case 'skill': {
      const [skill] = await env.agents.skills.resolveForRun(org, [step.config.skill]);
      if (!skill) throw stepError(`The skill "${step.config.skill}" is not available`);
      return modelText(env, {
        system: `Follow the instructions of the skill "${skill.name}":\n${skill.instructions}`,
        prompt: renderTemplate(step.config.prompt, scope),
      });
    }
    case 'agent':
      return runAgentStep(env, step.config.agent_id, renderTemplate(step.config.prompt, scope), place);
    case 'workflow': {
      const definition = env.nested[step.config.workflow_id];
      if (!definition) throw stepError(`The workflow ${step.config.workflow_id} is not available`);
      if (place.depth >= MAX_RUN_NESTING) throw stepError(`Workflows nest more than ${MAX_RUN_NESTING} levels`);
      const input = renderValue(step.config.input, scope) as Record<string, unknown>;
      return runNested(env, definition, input, { ...place, depth: place.depth + 1 });
    }
    case 'tool':
      return nestedTool(env, step, scope, place);
  }
}

/** A tool step inside a nested workflow: runs in its own transaction; a question to the person is refused. */
async function nestedTool(
  env: StepEnv,
  step: Extract<Step, { type: 'tool' }>,
  scope: TemplateScope,
  place: { actId: string; path: string },
): Promise<StepResult> {
  const tool = env.tools.byName(step.config.tool);
  if (!tool) throw stepError(`Unknown tool "${step.config.tool}"`);
  const output = await callTool(
    env,
    tool,
    renderValue(step.config.arguments, scope),
    derivedId(place.actId, place.path),
    null,
  );
  const error = (output as { error?: unknown } | null)?.error;
  if (error) throw stepError(`The tool "${tool.name}" failed: ${String(error)}`);
  return { output, usages: [] };
}

/**
 * A nested workflow inside one act: its steps run in dependency order, independent ones in parallel; its
 * output is the text of its sink steps. A crash reruns the whole nested workflow with its act.
 */
async function runNested(
  env: StepEnv,
  definition: Definition,
  input: Record<string, unknown>,
  place: { actId: string; path: string; depth: number },
): Promise<StepResult> {
  const outputs = new Map<string, unknown>();
  const usages: StepUsage[] = [];
  const left = new Set(definition.steps.map((s) => s.id));
  while (left.size > 0) {
    const ready = definition.steps.filter((s) => left.has(s.id) && s.depends_on.every((d) => outputs.has(d)));
    if (ready.length === 0) throw stepError('The nested workflow has steps that can never run');
    const done = await Promise.all(
      ready.map((s) =>
        executeStep(env, s, { input, outputs }, { ...place, path: `${place.path}/${s.id}` }).then(
          (r) => [s.id, r] as const,
        ),
      ),
    );
    for (const [id, result] of done) {
      outputs.set(id, result.output);
      usages.push(...result.usages);
      left.delete(id);
    }
  }
  const sinks = definition.steps.filter((s) => !definition.steps.some((o) => o.depends_on.includes(s.id)));
  return { output: { text: joinResults(sinks.map((s) => ({ name: s.name, output: outputs.get(s.id) }))) }, usages };
}

/** Whether a step pauses for approval before it runs; a nested workflow does when any of its steps would. */
export function gateOf(step: Step, nested: Readonly<Record<string, Definition>>, depth = 0): string | null {
  const fallback = `Approve the step "${step.name}" before it runs?`;
  if (step.requires_confirmation) return step.confirmation_message?.trim() || fallback;
  if (step.type !== 'workflow' || depth >= MAX_RUN_NESTING) return null;
  const inner = (nested[step.config.workflow_id]?.steps ?? [])
    .map((s) => gateOf(s, nested, depth + 1))
    .filter((m): m is string => m !== null);
  return inner.length > 0 ? `${fallback} It includes: ${inner.join(' ')}` : null;
}
