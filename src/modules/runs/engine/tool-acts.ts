import type { Executor } from '../../../platform/db/client.ts';
import type { ThreadRow } from '../../threads/store.ts';
import { type RunEventPublisher, runEvent } from '../events.ts';
import { type ActRow, actsStore, type RunRow, runsStore } from '../store.ts';
import type { RunTool, ToolOutcome } from '../tools/types.ts';

const LABELS: Record<string, string> = {
  create_document: 'Writing a document',
  create_spreadsheet: 'Building a spreadsheet',
  create_presentation: 'Preparing a presentation',
  create_dashboard: 'Drawing a dashboard',
  create_file: 'Writing a file',
  search_project_files: 'Searching the project files',
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
}

export type ToolActResult = { kind: 'done' } | { kind: 'awaiting' };

const activity = (act: ActRow, status: string, detail: string | null = null) =>
  runEvent('updates', 'activity', { status, actKey: act.key, label: act.description, detail }, act.id);

/**
 * Runs one tool act to its end. An answered interrupt is turned into the tool's output; otherwise the tool
 * executes inside a transaction that also completes the act, so a crash leaves the act to be run again (tools
 * key their artifacts on the act id, so a rerun stores one). A tool asking the person something parks the act
 * and the run in `awaiting`.
 */
export async function runToolAct(
  deps: ToolActDeps,
  run: RunRow,
  thread: ThreadRow,
  act: ActRow,
  publishActs: () => Promise<void>,
): Promise<ToolActResult> {
  const org = run.organizationId;
  const tool = act.toolName ? deps.tools.byName(act.toolName) : undefined;
  const answer = act.answer as { answer?: string | string[]; approved?: boolean } | null;

  if (answer?.answer !== undefined && tool?.resume) {
    await actsStore.update(deps.db, org, act.id, {
      status: 'completed',
      output: tool.resume(act.input, answer.answer) as object,
      completedAt: new Date(),
    });
    await publishActs();
    await deps.events.publish(run.id, activity(act, 'completed'));
    return { kind: 'done' };
  }

  await actsStore.update(deps.db, org, act.id, { status: 'running', startedAt: new Date() });
  await publishActs();
  await deps.events.publish(run.id, activity(act, 'started'));

  const outcome = await deps.db.transaction(async (tx): Promise<ToolOutcome> => {
    const result: ToolOutcome = tool
      ? await tool.execute(act.input, {
          organizationId: org,
          threadId: run.threadId,
          runId: run.id,
          actId: act.id,
          projectId: thread.projectId,
          principalId: run.createdById,
          model: null,
          tx,
        })
      : { kind: 'result', output: { error: `Unknown tool ${act.toolName}; use one of the tools offered` } };
    if (result.kind === 'interrupt') {
      await actsStore.update(tx, org, act.id, { status: 'awaiting', interrupt: { ...result.interrupt } });
      await runsStore.transition(tx, org, run.id, ['running'], { status: 'awaiting' });
    } else {
      await actsStore.update(tx, org, act.id, {
        status: 'completed',
        output: (result.output ?? null) as object,
        completedAt: new Date(),
      });
    }
    return result;
  });

  await publishActs();
  if (outcome.kind === 'interrupt') {
    const { type, prompt, options, multiSelect } = outcome.interrupt;
    await deps.events.publish(
      run.id,
      runEvent('interrupts', type, { interruptId: act.id, actKey: act.key, prompt, options, multiSelect }, act.id),
    );
    return { kind: 'awaiting' };
  }
  const failed = (outcome.output as { error?: unknown } | null)?.error;
  await deps.events.publish(run.id, activity(act, failed ? 'failed' : 'completed', failed ? String(failed) : null));
  if (outcome.artifact) {
    const a = outcome.artifact;
    await deps.events.publish(
      run.id,
      runEvent(
        'artifacts',
        'created',
        {
          artifact: {
            id: a.id,
            filename: a.filename,
            title: a.title,
            mime_type: a.mimeType,
            size_bytes: a.sizeBytes,
            status: a.status,
            created_by_tool: a.createdByTool,
          },
        },
        act.id,
      ),
    );
  }
  return { kind: 'done' };
}
