import type { RunPlace, RunStart } from '../runs/service.ts';
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
 * `POST /v1/workflows/:id/run`: the canonical start-run, bound to the workflow, in the named thread (any thread
 * the caller can see) or in a new thread of the workflow written in the run's own transaction.
 */
export function launchOfWorkflow(workflow: WorkflowRow, input: RunWorkflowInput): { place: RunPlace; start: RunStart } {
  const place: RunPlace = input.thread_id
    ? { threadId: input.thread_id }
    : { newThread: { created_by_type: 'workflow', created_by_id: workflow.id, title: workflow.name.slice(0, 255) } };
  return {
    place,
    start: { content: runMessageContent(workflow, input.input), input: input.input, workflowId: workflow.id },
  };
}
