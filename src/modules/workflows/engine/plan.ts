import type { Executor } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/ids.ts';
import { type RunRow, runRecords } from '../../runs/service.ts';
import type { Definition } from '../schemas.ts';
import type { WorkflowSources } from './step-env.ts';

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

/**
 * On the first delivery: reads the workflow (which refuses one that cannot run as it now stands), captures its
 * definition, nested definitions and input in the run's state and creates one pending act per step (key = step
 * id, dependsOn = the step ids it waits for), in one transaction. Later deliveries read the plan back. The
 * input's `prompt` defaults to the run's message.
 */
export async function ensurePlan(db: Executor, sources: WorkflowSources, run: RunRow): Promise<WorkflowPlan> {
  const existing = readPlan(run.state);
  if (existing) return existing;
  const { name, definition, nested, discussionAgentId } = await sources.workflow(run.organizationId, run.workflowId!);
  const message = run.inputMessageId
    ? await runRecords.messages.find(db, run.organizationId, run.inputMessageId)
    : null;
  const input = { ...(message ? { prompt: message.content } : {}), ...run.input };
  const plan: WorkflowPlan = { name, definition, nested, input, discussionAgentId };
  await db.transaction(async (tx) => {
    await runRecords.acts.insertMany(
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
    await runRecords.runs.update(tx, run.organizationId, run.id, { state: { ...run.state, workflow: plan } });
  });
  return plan;
}
