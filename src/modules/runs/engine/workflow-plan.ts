import type { Executor } from '../../../platform/db/client.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import { newId } from '../../../platform/ids.ts';
import type { Definition } from '../../workflows/schemas.ts';
import { actsStore, messagesStore, type RunRow, runsStore } from '../store.ts';
import { MAX_RUN_NESTING, stepError, type WorkflowSources } from './workflow-steps.ts';

/** What a workflow run fixed when it started (in `runs.state.workflow`): later edits of the workflow don't move it. */
export interface WorkflowPlan {
  name: string;
  definition: Definition;
  nested: Record<string, Definition>;
  input: Record<string, unknown>;
  discussionAgentId: string | null;
}

export const readPlan = (state: Record<string, unknown>): WorkflowPlan | null =>
  (state.workflow as WorkflowPlan | undefined) ?? null;

/** The nested workflows a definition reaches, by id, at most MAX_RUN_NESTING levels deep. */
async function collectNested(
  sources: WorkflowSources,
  organizationId: string,
  definition: Definition,
  into: Record<string, Definition>,
  depth: number,
): Promise<void> {
  for (const step of definition.steps) {
    if (step.type !== 'workflow' || into[step.config.workflow_id]) continue;
    if (depth >= MAX_RUN_NESTING) throw stepError(`Workflows nest more than ${MAX_RUN_NESTING} levels`);
    const nested = await sources.workflow(organizationId, step.config.workflow_id);
    if (nested?.status !== 'active') {
      throw stepError(`Step "${step.id}": the workflow ${step.config.workflow_id} is not active`);
    }
    into[nested.id] = nested.definition as Definition;
    await collectNested(sources, organizationId, nested.definition as Definition, into, depth + 1);
  }
}

/**
 * On the first delivery: reads the workflow, captures its definition, nested definitions and input in the
 * run's state and creates one pending act per step (key = step id, dependsOn = the step ids it waits for), in
 * one transaction. Later deliveries read the plan back. The input's `prompt` defaults to the run's message.
 */
export async function ensurePlan(db: Executor, sources: WorkflowSources, run: RunRow): Promise<WorkflowPlan> {
  const existing = readPlan(run.state);
  if (existing) return existing;
  const workflow = await sources.workflow(run.organizationId, run.workflowId!);
  if (!workflow) throw new ApiError(404, 'not_found', 'The workflow of this run no longer exists');
  if (workflow.status !== 'active') {
    throw new ApiError(409, 'workflow_archived', 'This workflow is archived; it cannot start new runs');
  }
  const definition = workflow.definition as Definition;
  const nested: Record<string, Definition> = {};
  await collectNested(sources, run.organizationId, definition, nested, 0);
  const message = run.inputMessageId ? await messagesStore.find(db, run.organizationId, run.inputMessageId) : null;
  const input = { ...(message ? { prompt: message.content } : {}), ...run.input };
  const plan: WorkflowPlan = {
    name: workflow.name,
    definition,
    nested,
    input,
    discussionAgentId: workflow.discussionAgentId,
  };
  await db.transaction(async (tx) => {
    await actsStore.insertMany(
      tx,
      definition.steps.map((step, i) => ({
        id: newId(),
        organizationId: run.organizationId,
        runId: run.id,
        key: step.id,
        ordinal: i + 1,
        kind: step.type,
        description: step.name,
        dependsOn: step.depends_on,
        toolName: step.type === 'tool' ? step.config.tool : null,
      })),
    );
    await runsStore.update(tx, run.organizationId, run.id, { state: { ...run.state, workflow: plan } });
  });
  return plan;
}
