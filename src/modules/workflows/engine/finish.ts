import { loggableError } from '../../../platform/db/errors.ts';
import type { StatementPart } from '../../../platform/db/statement-parts.ts';
import type { ModelCallContext } from '../../../platform/models/index.ts';
import {
  type ActRow,
  createDraftWriter,
  DraftClosed,
  endRun,
  type RunRow,
  runEvent,
  runRecords,
  terminalEvent,
} from '../../runs/service.ts';
import { sinkSteps } from '../definition.ts';
import type { WorkflowPlan } from './plan.ts';
import { agentOf, type WorkflowEngineDeps } from './step-env.ts';
import { joinResults } from './template.ts';

/** Paragraph-sized pieces, so a reply written without a model still streams as several deltas. */
const pieces = (text: string) => text.split(/(?<=\n\n)/).filter(Boolean);

/**
 * The reply of a finished workflow: the sink steps' results, written by the discussion agent when the workflow
 * has an active one (one model round, streamed), else joined under the steps' names. Streamed through the draft
 * (persist, then `tokens.delta`), then the run completes like an agent run: `tokens.completed`, then the
 * terminal event with the output message. A delivery that died mid-reply starts the reply again.
 */
export async function finishWorkflow(
  deps: WorkflowEngineDeps,
  run: RunRow,
  plan: WorkflowPlan,
  acts: ActRow[],
  ctx: ModelCallContext,
  signal: AbortSignal,
): Promise<void> {
  const { db } = deps;
  const org = run.organizationId;
  const byKey = new Map(acts.map((a) => [a.key, a]));
  const results = joinResults(
    sinkSteps(plan.definition).map((s) => ({ name: s.name, output: byKey.get(s.id)?.output })),
  );
  if (run.partialText !== '') await runRecords.runs.update(db, org, run.id, { partialText: '' });
  const draft = createDraftWriter({
    db,
    organizationId: run.organizationId,
    runId: run.id,
    events: deps.bus,
    initialLength: 0,
    onError: (error) => {
      if (!(error instanceof DraftClosed))
        deps.log.error({ err: loggableError(error), runId: run.id }, 'draft write failed');
    },
  });

  let text = '';
  // The summary call's usage is written with the run's end, so a delivery that dies before the end charges nothing.
  let usage: StatementPart[] = [];
  const agentId = plan.discussionAgentId;
  const agent = agentId ? await agentOf(deps.agents, org, agentId) : null;
  if (agent) {
    const agentCtx = { ...ctx, agentId };
    const model = await deps.gateway.resolve(agentCtx, { agentModel: agent.agentModel });
    const result = await deps.gateway.streamRound(
      {
        model,
        system: agent.system,
        messages: [
          {
            role: 'user',
            content: `The workflow "${plan.name}" has finished. Its results:\n\n${results}\n\nWrite the reply to the person from these results.`,
          },
        ],
        signal,
      },
      (event) => {
        if (event.type !== 'text-delta') return;
        text += event.text;
        draft.append(event.text);
      },
    );
    await draft.flush();
    usage = deps.gateway.usageParts(db, agentCtx, model, result.usage).parts;
  } else {
    text = results;
    for (const piece of pieces(results)) draft.append(piece);
    await draft.flush();
  }

  const content = text.trim() ? text : 'The workflow finished without output.';
  const output = await endRun(db, deps.internalEvents, run, { status: 'completed', content }, usage);
  if (!output) return;
  await deps.bus.publish(run.id, runEvent('tokens', 'completed', { text: content }));
  await deps.bus.publish(run.id, terminalEvent('completed', output));
}

/**
 * The end of a workflow run an org admin stopped at a spend limit: completed, its reply the results of the steps
 * that completed (under their names) and a note saying why it stopped; one output message, like any end.
 */
export async function finishAtSpendLimit(
  deps: WorkflowEngineDeps,
  run: RunRow,
  plan: WorkflowPlan,
  acts: ActRow[],
  limit: string,
): Promise<void> {
  const byKey = new Map(acts.map((a) => [a.key, a]));
  const done = plan.definition.steps.filter((s) => byKey.get(s.id)?.status === 'completed');
  const results = joinResults(done.map((s) => ({ name: s.name, output: byKey.get(s.id)?.output })));
  const note = `(The workflow stopped here: this run reached ${limit} and an organization admin declined to let it continue.)`;
  const content = results.trim() ? `${results}\n\n${note}` : note;
  const output = await endRun(deps.db, deps.internalEvents, run, { status: 'completed', content });
  if (!output) return;
  await deps.bus.publish(run.id, runEvent('tokens', 'completed', { text: content }));
  await deps.bus.publish(run.id, terminalEvent('completed', output));
}
