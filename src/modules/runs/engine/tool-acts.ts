import type { Executor } from '../../../platform/db/client.ts';
import { type InternalEvents, interruptEvent } from '../../../platform/events/internal.ts';
import type { Limiter } from '../../../platform/limiter.ts';
import type { ThreadRow } from '../../threads/service.ts';
import { actActivity, actError, artifactCreated, type RunEventPublisher, runEvent } from '../events.ts';
import { type ActRow, actsStore, type RunRow, runsStore } from '../store.ts';
import { type RunTool, type ToolOutcome, toolInstruction } from '../tools/types.ts';
import { modelCallContextOf } from './call-context.ts';

const LABELS: Record<string, string> = {
  create_document: 'Writing a document',
  create_spreadsheet: 'Building a spreadsheet',
  create_presentation: 'Preparing a presentation',
  create_dashboard: 'Drawing a dashboard',
  create_file: 'Writing a file',
  create_image: 'Drawing an image',
  search_project_files: 'Searching the project files',
  m365_search_files: 'Searching Microsoft 365 files',
  m365_read_file: 'Reading a Microsoft 365 file',
  ask_user: 'Asking you a question',
};

/** Human copy for an act: the tool's activity and, when the model gave one, the title of what it makes. */
export function describeToolCall(toolName: string, input: unknown): string {
  const label = LABELS[toolName] ?? `Using ${toolName}`;
  const title = (input as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim() ? `${label}: ${title.trim().slice(0, 120)}` : label;
}

export interface ToolActDeps {
  db: Executor;
  events: RunEventPublisher;
  tools: { byName(name: string): RunTool | undefined };
  /** Where tool transactions queue for one of a few slots (handler.ts, RunEngineDeps.toolSlots). */
  toolSlots: Limiter;
  /** Hears a tool's question to a person (`interrupt.raised`), in the transaction that parks the run. */
  internalEvents: InternalEvents;
}

/** `failed`: the tool refused the call (an `{ error }` result); the error still goes to the model as the result. */
export type ToolActResult = { kind: 'done' } | { kind: 'failed'; error: string } | { kind: 'awaiting' };

/** The refusal of an `{ error }` result as the act's error, or null for a result that is not one. */
function refusalOf(outcome: ToolOutcome): string | null {
  if (outcome.kind !== 'result') return null;
  const error = (outcome.output as { error?: unknown } | null)?.error;
  return error ? actError(String(error)) : null;
}

/**
 * Runs one tool act to its end. An answered interrupt is turned into the tool's output; otherwise the tool
 * executes inside a transaction that also ends the act, so a crash leaves the act to be run again (tools key
 * their artifacts on the act id, so a rerun stores one); a tool that writes nothing of ours executes before that
 * transaction instead (`outsideTransaction`), holding no connection while it waits on its vendor. A refused call ends the act `failed` in that same
 * write, so it is reported once, as failed. A tool asking the person something parks the act and the run in
 * `awaiting`.
 */
export async function runToolAct(
  deps: ToolActDeps,
  run: RunRow,
  thread: ThreadRow,
  act: ActRow,
  publishActs: () => Promise<void>,
  /** The model version whose round called the tool. */
  calledBy: string | null,
): Promise<ToolActResult> {
  const tool = act.toolName ? deps.tools.byName(act.toolName) : undefined;
  const answer = act.answer as { answer?: string | string[]; approved?: boolean } | null;

  if (answer?.answer !== undefined && tool?.resume) {
    await actsStore.update(deps.db, run.organizationId, act.id, {
      status: 'completed',
      output: tool.resume(act.input, answer.answer) as object,
      completedAt: new Date(),
    });
    await publishActs();
    await deps.events.publish(run.id, actActivity(act, 'completed'));
    return { kind: 'done' };
  }

  await actsStore.update(deps.db, run.organizationId, act.id, { status: 'running', startedAt: new Date() });
  await publishActs();
  await deps.events.publish(run.id, actActivity(act, 'started'));
  const end = (tx: Executor, result: ToolOutcome) => endToolAct(tx, deps.internalEvents, run, act, result);
  const outcome = tool?.outsideTransaction
    ? await callTool(deps.db, run, thread, act, tool, calledBy).then((result) =>
        deps.db.transaction((tx) => end(tx, result)),
      )
    : await deps.toolSlots(() =>
        deps.db.transaction(async (tx) => end(tx, await callTool(tx, run, thread, act, tool, calledBy))),
      );
  await publishActs();
  return publishOutcome(deps.events, run, act, outcome);
}

/** Runs the tool (an unknown one is refused to the model) with `ex` as its executor. */
function callTool(
  ex: Executor,
  run: RunRow,
  thread: ThreadRow,
  act: ActRow,
  tool: RunTool | undefined,
  calledBy: string | null,
) {
  if (!tool) {
    return Promise.resolve<ToolOutcome>({
      kind: 'result',
      output: { error: `Unknown tool ${act.toolName}; use one of the tools offered` },
    });
  }
  return tool.execute(act.input, {
    organizationId: run.organizationId,
    threadId: run.threadId,
    runId: run.id,
    actId: act.id,
    projectId: thread.projectId,
    principalId: run.createdById,
    usageContext: modelCallContextOf(run),
    model: calledBy,
    prompt: toolInstruction(act.input),
    tx: ex,
  });
}

/** Ends a tool's act with its outcome in the caller's transaction: awaiting (the run too), completed or failed. */
async function endToolAct(
  tx: Executor,
  internalEvents: InternalEvents,
  run: RunRow,
  act: ActRow,
  result: ToolOutcome,
): Promise<ToolOutcome> {
  const org = run.organizationId;
  if (result.kind === 'interrupt') {
    await actsStore.update(tx, org, act.id, { status: 'awaiting', interrupt: { ...result.interrupt } });
    if (await runsStore.transition(tx, org, run.id, ['running'], { status: 'awaiting' })) {
      await internalEvents.emit(tx, org, 'interrupt.raised', interruptEvent(act, run.threadId));
    }
    return result;
  }
  const refusal = refusalOf(result);
  await actsStore.update(tx, org, act.id, {
    status: refusal === null ? 'completed' : 'failed',
    output: (result.output ?? null) as object,
    error: refusal,
    completedAt: new Date(),
  });
  return result;
}

/** The events of an ended tool act, after its `acts.updated`: the question, or its activity and artifact. */
async function publishOutcome(
  events: RunEventPublisher,
  run: RunRow,
  act: ActRow,
  outcome: ToolOutcome,
): Promise<ToolActResult> {
  if (outcome.kind === 'interrupt') {
    const { type, prompt, options, multiSelect } = outcome.interrupt;
    await events.publish(
      run.id,
      runEvent('interrupts', type, { interruptId: act.id, actKey: act.key, prompt, options, multiSelect }, act.id),
    );
    return { kind: 'awaiting' };
  }
  const refusal = refusalOf(outcome);
  if (refusal !== null) {
    await events.publish(run.id, actActivity(act, 'failed', refusal));
    return { kind: 'failed', error: refusal };
  }
  await events.publish(run.id, actActivity(act, 'completed'));
  if (outcome.artifact) await events.publish(run.id, artifactCreated(outcome.artifact, act.id));
  return { kind: 'done' };
}
