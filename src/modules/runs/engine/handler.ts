import type { Executor } from '../../../platform/db/client.ts';
import { loggableError } from '../../../platform/db/errors.ts';
import type { StatementPart } from '../../../platform/db/statement-parts.ts';
import type { EventBus } from '../../../platform/events/index.ts';
import type { InternalEvents } from '../../../platform/events/internal.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import { newId } from '../../../platform/ids.ts';
import type { JobHandler, JobLogger } from '../../../platform/jobs/index.ts';
import type { Limiter } from '../../../platform/limiter.ts';
import type { ModelCallContext, ModelGateway, ToolDefinition } from '../../../platform/models/index.ts';
import type { ThreadRow } from '../../threads/service.ts';
import { endRun } from '../ending.ts';
import { actsUpdated, runEvent, terminalEvent } from '../events.ts';
import { actsStore, type MessageRow, messagesStore, type RunRow, runsStore } from '../store.ts';
import type { RunTool } from '../tools/types.ts';
import { type AgentContextDeps, loadAgentContext } from './agent-context.ts';
import { type AttachedForModel, type AttachmentSources, attachedForModel } from './attachment-text.ts';
import { modelCallContextOf } from './call-context.ts';
import {
  buildModelMessages,
  type RunRound,
  type RunState,
  readState,
  systemPrompt,
  TRANSCRIPT_WINDOW,
} from './conversation.ts';
import { createDraftWriter, DraftClosed } from './draft.ts';
import { runFailure } from './failures.ts';
import { type SpendCheck, spendGate } from './spend-gate.ts';
import { withStorableOutput } from './storable-output.ts';
import { describeToolCall, runToolAct } from './tool-acts.ts';

/** Model rounds one run may take before it must answer (well under a workflow run's MAX_MODEL_CALLS). */
export const MAX_ROUNDS = 12;
/** Deliveries of one run's job before the run is failed instead of retried. */
export const RUN_JOB_ATTEMPTS = 10;
const ROUND_LIMIT_NOTE = '\n\n(I stopped here: this run reached its limit of steps.)';
const spendLimitNote = (limit: string) =>
  `\n\n(I stopped here: this run reached ${limit} and an organization admin declined to let it continue.)`;

export interface RunEngineDeps {
  db: Executor;
  gateway: ModelGateway;
  bus: EventBus;
  /** Where a run's end is announced to event triggers (run.completed, run.failed), in its closing transaction. */
  internalEvents: InternalEvents;
  tools: {
    byName(name: string): RunTool | undefined;
    definitions(names?: string[]): ToolDefinition[];
    /** `definitions(names)` less the tools of connectors the organization has not connected (registry.ts). */
    offered(organizationId: string, names: string[] | undefined, ex: Executor): Promise<ToolDefinition[]>;
  };
  /**
   * A tool runs inside a transaction (its act, artifact and files commit together) and may take seconds of CPU
   * and storage writes; this bounds how many do so at once, so the many run slots cannot take every database
   * connection while the runs themselves mostly wait on model vendors.
   */
  toolSlots: Limiter;
  threads: {
    findForRun(
      organizationId: string,
      threadId: string,
    ): Promise<{ thread: ThreadRow; organizationName: string } | null>;
  };
  log: JobLogger;
  /** The agent of an agent run: its system prompt and skills, tool allowlist and model. */
  agents: AgentContextDeps;
  /** Drives workflow runs instead of the agent loop: the workflows module's engine, composed in app.ts. */
  workflows: RunExecutor;
  /** Billing's spend enforcement: a run past a spend limit covering it pauses for an org admin (spend-gate.ts). */
  spend: SpendCheck;
  /** Attached files, which the model reads (text, and images when it reads images) with their messages. */
  attachments: AttachmentSources;
}

/** Drives one `running` run to its end or its next pause, given the engine's dependencies. */
export type RunExecutor = (engine: RunEngineDeps, run: RunRow, signal: AbortSignal) => Promise<void>;

class RunCancelled extends Error {}

/**
 * The `run.execute` job: takes a run from `queued` (or back from an answered interrupt) through model rounds and
 * tool acts to its end. Everything it has done is durable (acts, rounds in `runs.state`, the draft), so a
 * reclaimed delivery picks up where the dead one stopped; a finished or awaiting run makes a delivery a no-op.
 */
export function createRunHandler(engine: RunEngineDeps): JobHandler {
  const deps = { ...engine, gateway: withStorableOutput(engine.gateway) };
  const { db, bus } = deps;

  return async (job, jobCtx) => {
    const { organizationId, runId } = job.payload as { organizationId: string; runId: string };
    const abort = new AbortController();
    const onLeaseLost = () => abort.abort(jobCtx.signal.reason);
    jobCtx.signal.addEventListener('abort', onLeaseLost);
    const unsubscribe = bus.subscribe(runId, (event) => {
      if (event.channel === 'lifecycle' && event.type === 'cancelled') abort.abort(new RunCancelled());
    });
    try {
      // The usual delivery moves a queued run to running in its first statement; anything else reads the run.
      const started = await runsStore.start(db, organizationId, runId);
      const run = started ?? (await runsStore.find(db, organizationId, runId));
      if (!run || run.status === 'awaiting') return;
      if (run.status !== 'running') {
        // A delivery that died between ending the run and publishing its end: say it again for open streams.
        if (job.attempt > 1) await republishEnd(deps, run);
        return;
      }
      await bus.publish(runId, runEvent('lifecycle', 'started', { runId }));
      if (run.workflowId) await deps.workflows(deps, run, abort.signal);
      else await drive(deps, run, abort.signal);
    } catch (error) {
      // Cancelled (the canceller wrote the end), ended elsewhere, or lease lost (another worker has the run now).
      if (abort.signal.aborted || error instanceof RunCancelled || error instanceof DraftClosed) return;
      const failure = runFailure(error);
      if (!failure && job.attempt < RUN_JOB_ATTEMPTS) throw error;
      deps.log.error({ err: loggableError(error), runId }, 'run failed');
      await fail(deps, organizationId, runId, failure ?? error);
    } finally {
      unsubscribe();
      jobCtx.signal.removeEventListener('abort', onLeaseLost);
    }
  };
}

/** The agent loop of a `running` run: finish the last round's tool calls, then ask the model again. */
async function drive(deps: RunEngineDeps, started: RunRow, signal: AbortSignal): Promise<void> {
  const { db } = deps;
  const { id: runId, organizationId } = started;
  const load = async () => {
    const run = await runsStore.find(db, organizationId, runId);
    if (run?.status !== 'running') throw new RunCancelled();
    return run;
  };
  let run = started;
  const found = await deps.threads.findForRun(organizationId, run.threadId);
  if (!found) throw new Error(`run ${runId}: thread ${run.threadId} is gone`);
  const { thread, organizationName } = found;
  const publishActs = async () => {
    await deps.bus.publish(runId, actsUpdated(await actsStore.listForRun(db, organizationId, runId)));
  };
  const ctx = modelCallContextOf(run);
  const agent = await loadAgentContext(deps.agents, run);
  const model = await deps.gateway.resolve(ctx, { agentModel: agent?.agentModel });
  // A run's transcript ends at its input message, so every round of a delivery reads the same attachments: their
  // texts and image bytes are loaded by the first round only.
  let attached: Promise<AttachedForModel> | undefined;
  const attachedOf = (transcript: MessageRow[]) => {
    attached ??= attachedForModel(
      deps.attachments,
      db,
      organizationId,
      transcript,
      model.inputModalities.includes('image'),
    );
    return attached;
  };
  // Read once per delivery of the run: a connector's tools (Microsoft 365) are offered only while the organization
  // has it connected.
  const tools = model.supportsToolUse ? await deps.tools.offered(organizationId, agent?.toolNames, db) : [];
  // A tool the model calls outside the allowlist is answered as unknown, never run. One of the allowlist that was
  // not offered (a connector since disconnected, or one the model named anyway) runs and answers its own error.
  const allowed = model.supportsToolUse ? deps.tools.definitions(agent?.toolNames) : [];
  const runTools = {
    byName: (name: string) => (allowed.some((t) => t.name === name) ? deps.tools.byName(name) : undefined),
  };
  const system =
    agent?.system ??
    systemPrompt({
      organizationName,
      today: new Date().toISOString().slice(0, 10),
    });

  for (;;) {
    if (signal.aborted) throw signal.reason;
    const state = readState(run.state);
    const last = state.rounds.at(-1);
    const pending = last?.toolCalls ?? [];
    const acts = pending.length > 0 ? await actsStore.listForRun(db, organizationId, runId) : [];
    let ranTools = false;

    // Finish the tool calls of the last round before asking the model again.
    for (const call of pending) {
      const act = acts.find((a) => a.id === call.actId);
      if (!act || ['completed', 'failed', 'cancelled'].includes(act.status)) continue;
      if (act.status === 'awaiting') return;
      const outcome = await runToolAct(
        { db, events: deps.bus, tools: runTools, toolSlots: deps.toolSlots, internalEvents: deps.internalEvents },
        run,
        thread,
        act,
        publishActs,
        last?.model ?? model.versionId,
      );
      if (outcome.kind === 'awaiting') return;
      if (signal.aborted) throw signal.reason;
      ranTools = true;
    }

    // Tool acts take time in which the run may have been cancelled; otherwise `run` was just read.
    if (ranTools) run = await load();
    if (state.rounds.length >= MAX_ROUNDS) {
      await complete(deps, run, ROUND_LIMIT_NOTE);
      return;
    }
    if (state.rounds.length > 0) {
      const gate = await spendGate(
        { db, bus: deps.bus, spend: deps.spend, internalEvents: deps.internalEvents },
        run,
        acts,
      );
      if (gate.kind === 'paused') return;
      if (gate.kind === 'declined') {
        await complete(deps, run, spendLimitNote(gate.limit));
        return;
      }
    }
    const finished = await modelRound(deps, run, state, { model, tools, system, ctx, signal, attachedOf });
    if (finished) return;
    run = await load();
  }
}

/** One model round; returns true when the model answered (the run is then complete). */
async function modelRound(
  deps: RunEngineDeps,
  run: RunRow,
  state: RunState,
  call: {
    model: Awaited<ReturnType<ModelGateway['resolve']>>;
    tools: ToolDefinition[];
    system: string;
    ctx: ModelCallContext;
    signal: AbortSignal;
    /** The transcript's attachments as the model reads them, loaded once per delivery (see drive). */
    attachedOf: (transcript: MessageRow[]) => Promise<AttachedForModel>;
  },
): Promise<boolean> {
  const { db } = deps;
  const org = run.organizationId;
  const settled = textOfRounds(state);
  // A delivery that died mid-round left part of that round in the draft: start the round again from clean.
  if (run.partialText.length !== settled.length) {
    await runsStore.update(db, org, run.id, { partialText: settled });
  }
  const draft = createDraftWriter({
    db,
    organizationId: run.organizationId,
    runId: run.id,
    events: deps.bus,
    initialLength: settled.length,
    onError: (error) => {
      if (!(error instanceof DraftClosed))
        deps.log.error({ err: loggableError(error), runId: run.id }, 'draft write failed');
    },
  });
  let roundText = '';
  const transcript = (await messagesStore.recent(db, org, run.threadId, TRANSCRIPT_WINDOW)).filter(
    (m) => m.createdAt <= run.createdAt || m.id === run.inputMessageId,
  );
  const calledTools = state.rounds.some((r) => r.toolCalls.length > 0);
  const acts = calledTools ? await actsStore.listForRun(db, org, run.id) : [];
  const outputs = new Map(acts.map((a) => [a.id, a.output] as const));
  const attached = await call.attachedOf(transcript);
  const result = await deps.gateway.streamRound(
    {
      model: call.model,
      system: call.system,
      messages: buildModelMessages(transcript, state.rounds, outputs, attached),
      tools: call.tools,
      signal: call.signal,
    },
    (event) => {
      if (event.type !== 'text-delta') return;
      const piece = roundText === '' && settled !== '' ? `\n\n${event.text}` : event.text;
      roundText += event.text;
      draft.append(piece);
    },
  );
  await draft.flush();

  const toolCalls = result.toolCalls.map((c) => ({ ...c, actId: newId() }));
  const round: RunRound = { text: roundText, toolCalls, model: call.model.versionId };
  if (toolCalls.length === 0) {
    const text = settled + (settled && roundText ? '\n\n' : '') + roundText;
    const usage = deps.gateway.usageParts(db, call.ctx, call.model, result.usage).parts;
    await complete(deps, { ...run, partialText: text }, '', usage);
    return true;
  }
  const base = state.rounds.reduce((n, r) => n + r.toolCalls.length, 0);
  // The acts and the round that called them are written together: the run snapshot reads no acts of a run whose
  // rounds called no tool (snapshot.ts).
  await db.transaction(async (tx) => {
    await deps.gateway.recordUsage(tx, call.ctx, call.model, result.usage);
    await actsStore.insertMany(
      tx,
      toolCalls.map((c, i) => ({
        id: c.actId,
        organizationId: org,
        runId: run.id,
        key: `call-${base + i + 1}`,
        ordinal: base + i + 1,
        kind: 'tool',
        description: describeToolCall(c.toolName, c.input),
        toolName: c.toolName,
        toolCallId: c.toolCallId,
        input: (c.input ?? null) as object,
      })),
    );
    await runsStore.update(tx, org, run.id, { state: { rounds: [...state.rounds, round] } });
  });
  // `round` orders narrations: a stream that replays an older one over a newer snapshot keeps the newer.
  if (roundText) {
    await deps.bus.publish(
      run.id,
      runEvent('updates', 'narration', { text: roundText, round: state.rounds.length + 1 }),
    );
  }
  await deps.bus.publish(run.id, actsUpdated(await actsStore.listForRun(db, org, run.id)));
  return false;
}

const textOfRounds = (state: RunState) =>
  state.rounds
    .map((r) => r.text)
    .filter(Boolean)
    .join('\n\n');

async function republishEnd(deps: RunEngineDeps, run: RunRow): Promise<void> {
  const output = await messagesStore.find(deps.db, run.organizationId, run.outputMessageId);
  if (!output) return;
  const status = run.status as 'completed' | 'failed' | 'cancelled';
  await deps.bus.publish(run.id, terminalEvent(status, output, run.error ?? undefined));
}

/** Ends the run with its draft (plus `note`); `alongside` is written in the same statement (the last round's usage). */
async function complete(deps: RunEngineDeps, run: RunRow, note: string, alongside?: StatementPart[]): Promise<void> {
  const text = run.partialText + note;
  const content = text.trim() ? text : 'I have nothing to add.';
  const output = await endRun(deps.db, deps.internalEvents, run, { status: 'completed', content }, alongside);
  if (!output) return;
  await deps.bus.publish(run.id, runEvent('tokens', 'completed', { text: content }));
  await deps.bus.publish(run.id, terminalEvent('completed', output));
}

async function fail(deps: RunEngineDeps, organizationId: string, runId: string, error: unknown): Promise<void> {
  const run = await runsStore.find(deps.db, organizationId, runId);
  if (!run) return;
  const reason =
    error instanceof ApiError
      ? { code: error.code, message: error.message }
      : { code: 'run_failed', message: 'The run failed because of an internal error' };
  const content = `${run.partialText ? `${run.partialText}\n\n` : ''}The run failed: ${reason.message}`;
  const ended = await endRun(deps.db, deps.internalEvents, run, { status: 'failed', content, error: reason });
  if (!ended) return;
  await deps.bus.publish(runId, runEvent('errors', 'raised', reason));
  await deps.bus.publish(runId, actsUpdated(await actsStore.listForRun(deps.db, organizationId, runId)));
  await deps.bus.publish(runId, terminalEvent('failed', ended, reason));
}
