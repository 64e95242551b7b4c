import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { insertRun, insertUserMessage, type Launch } from '../runs/launch.ts';
import type { DlpCheck } from '../runs/service.ts';
import { toMessageView, toRunView } from '../runs/views.ts';
import { principalIdOf, type ThreadsService } from '../threads/service.ts';
import { toThreadView } from '../threads/views.ts';
import type { RunWorkflowInput } from './schemas.ts';
import type { WorkflowRow } from './store.ts';

const INPUT_ECHO_LIMIT = 4000;

/** The user message a workflow run answers: the input's `prompt` when it has one, else what was asked. */
export function runMessageContent(workflow: WorkflowRow, input: Record<string, unknown>): string {
  if (typeof input.prompt === 'string' && input.prompt.trim()) return input.prompt;
  const json = JSON.stringify(input, null, 2);
  const shown = json.length > INPUT_ECHO_LIMIT ? `${json.slice(0, INPUT_ECHO_LIMIT)}…` : json;
  return Object.keys(input).length > 0
    ? `Run the workflow "${workflow.name}" with this input:\n\n${shown}`
    : `Run the workflow "${workflow.name}".`;
}

/**
 * `POST /v1/workflows/:id/run`: in the named thread (it must be visible) or in a new thread of the workflow,
 * the user message, the run (`queued`, bound to the workflow, carrying the input) and its start command are
 * written in one transaction after the DLP check.
 */
export async function runWorkflow(
  deps: { db: Executor; threads: Pick<ThreadsService, 'getVisible' | 'create'>; dlp: DlpCheck },
  ctx: RequestContext,
  workflow: WorkflowRow,
  input: RunWorkflowInput,
) {
  const content = runMessageContent(workflow, input.input);
  if (input.thread_id) await deps.threads.getVisible(ctx, input.thread_id);
  await deps.dlp.check(ctx.organizationId, content);
  const result = await deps.db.transaction(async (tx) => {
    const threadId =
      input.thread_id ??
      (
        await deps.threads.create(
          ctx,
          { created_by_type: 'workflow', created_by_id: workflow.id, title: workflow.name.slice(0, 255) },
          tx,
        )
      ).id;
    const thread = await deps.threads.getVisible(ctx, threadId, tx);
    const launch: Launch = {
      thread,
      createdByType: ctx.actor.kind,
      createdById: principalIdOf(ctx),
      userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      channel: 'api',
      workflowId: workflow.id,
      input: input.input,
    };
    const message = await insertUserMessage(tx, launch, { content, attachments: [], metadata: {} });
    const run = await insertRun(tx, launch, message.id);
    return { thread, message, run };
  });
  return {
    message: toMessageView(result.message),
    run: toRunView(result.run),
    thread: toThreadView(result.thread),
  };
}
