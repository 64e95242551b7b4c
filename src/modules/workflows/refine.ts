import { z } from 'zod';
import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { ModelCallContext, ModelGateway } from '../../platform/models/index.ts';
import { checkedDefinition, type DefinitionContext } from './definition.ts';
import { DefinitionSchema, MAX_EXPANDED_STEPS, MAX_NESTING, MAX_STEPS, type RefineInput } from './schemas.ts';
import type { WorkflowRow } from './store.ts';

/** What the model is asked for: a short explanation and the whole revised definition. */
const Proposal = z.object({
  text: z.string().describe('A short explanation of the changes, for the person'),
  // A proposal is something to run: unlike a saved draft, it has at least one step.
  definition: DefinitionSchema.extend({ steps: DefinitionSchema.shape.steps.min(1) }).describe(
    'The complete revised workflow definition',
  ),
});

function instructions(workflow: WorkflowRow): string {
  return [
    'You revise workflow definitions for Atrium. A workflow is a DAG of steps run in dependency order,',
    'independent steps in parallel. Each step is { id, name, depends_on, type, config, requires_confirmation?,',
    'confirmation_message? }. Step ids are unique (letters, digits, _ and -), and every depends_on entry names',
    'an EARLIER step. Types and their config: model { prompt, model? }; tool { tool, arguments }; skill',
    '{ skill (slug), prompt }; agent { agent_id, prompt }; workflow { workflow_id, input } (nested at most',
    `${MAX_NESTING} levels, never itself). At most ${MAX_STEPS} steps, and at most ${MAX_EXPANDED_STEPS} counting the`,
    'steps of nested workflows each time they are nested. Prompts and string arguments are templates over',
    '{{input.<key>}} and {{steps.<id>.output}}.',
    `The workflow is "${workflow.name}"${workflow.description ? `: ${workflow.description}` : ''}.`,
    `Its current definition:\n${JSON.stringify(workflow.definition)}`,
    'Answer with the complete revised definition following the conversation, and a short explanation.',
  ].join('\n');
}

/**
 * `POST /v1/workflows/:id/refine`: the model proposes a revised definition from the conversation; the proposal
 * is validated like a PATCH (shape, graph, what its steps name) and is null when it fails. Nothing is saved:
 * the caller applies it with PATCH.
 */
export async function refineWorkflow(
  deps: {
    db: Executor;
    gateway: Pick<ModelGateway, 'resolve' | 'generateObject' | 'recordUsage'>;
    check: (ex: Executor) => DefinitionContext;
  },
  ctx: RequestContext,
  workflow: WorkflowRow,
  input: RefineInput,
) {
  const call: ModelCallContext = {
    organizationId: ctx.organizationId,
    userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
    channel: 'api',
  };
  const model = await deps.gateway.resolve(call);
  const result = await deps.gateway.generateObject({
    model,
    system: instructions(workflow),
    messages: input.messages.map((m) => ({ role: m.role, content: m.content })),
    schema: Proposal,
  });
  await deps.gateway.recordUsage(deps.db, call, model, result.usage);
  const proposedDefinition = await checkedDefinition(result.object.definition, deps.check(deps.db));
  const note = proposedDefinition ? '' : '\n\n(The proposed definition was not valid, so none is offered.)';
  return { text: `${result.object.text}${note}`, proposedDefinition };
}
