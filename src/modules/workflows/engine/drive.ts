import { loggableError } from '../../../platform/db/errors.ts';
import { interruptEvent } from '../../../platform/events/internal.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import {
  type ActRow,
  actActivity,
  actError,
  actsUpdated,
  DraftClosed,
  modelCallContextOf,
  type RunExecutor,
  type RunRow,
  runEvent,
  runFailure,
  runRecords,
  runToolAct,
  SPEND_LIMIT_ACT,
  spendGate,
} from '../../runs/service.ts';
import type { ThreadRow } from '../../threads/service.ts';
import type { Step } from '../schemas.ts';
import { finishAtSpendLimit, finishWorkflow } from './finish.ts';
import { meteredGateway, modelCallsOf, RunLimitReached } from './model-calls.ts';
import { ensurePlan, type WorkflowPlan } from './plan.ts';
import type { StepEnv, WorkflowEngineDeps, WorkflowSources } from './step-env.ts';
import { executeStep, gateOf } from './steps.ts';
import { renderValue } from './template.ts';

type Deps = WorkflowEngineDeps;
type Outcome = 'completed' | 'awaiting';

/** A step whose act already ended `failed` and said so (a refused tool call): the run fails without a repeat. */
class StepActFailed extends ApiError {
  constructor(message: string) {
    super(422, 'step_failed', message);
  }
}

/**
 * A workflow run: one act per step, run in dependency order; a step starts as soon as every step it depends on
 * has completed, so independent steps run in parallel. A step that requires confirmation pauses the run
 * (`awaiting`, `interrupts.approval`) once nothing else can run; approve sends it back `pending` with its
 * answer, reject completes it as declined and the steps after it read that. A failing step fails the run
 * through the handler's failure path (an ApiError, or a value the database refused: failures.ts). The acts are
 * the state: a new delivery reruns the acts a dead one left `running` and goes on from there. Every model call
 * counts against the run's MAX_MODEL_CALLS (model-calls.ts).
 */
export function createWorkflowExecutor(workflows: WorkflowSources): RunExecutor {
  return (engine, run, signal) => driveWorkflow({ ...engine, workflows }, run, signal);
}

async function driveWorkflow(deps: Deps, run: RunRow, signal: AbortSignal): Promise<void> {
  const { db } = deps;
  const { id: runId, organizationId } = run;
  const thread = (await deps.threads.findForRun(organizationId, run.threadId))?.thread;
  if (!thread) throw new Error(`run ${runId}: thread ${run.threadId} is gone`);
  const plan = await ensurePlan(db, deps.workflows, run);
  const ctx = modelCallContextOf(run);
  const gateway = meteredGateway(deps.gateway, modelCallsOf(run.state));
  const env: StepEnv = {
    db,
    gateway,
    tools: deps.tools,
    toolSlots: deps.toolSlots,
    agents: deps.agents,
    run,
    thread,
    ctx,
    signal,
    nested: plan.nested,
  };

  const recorded = await runRecords.acts.listForRun(db, organizationId, runId);
  if (recorded.some((a) => a.status === 'awaiting')) return;
  // The steps' acts; a spend-limit pause is an act of the run too, answered before the steps go on.
  const acts = recorded.filter((a) => a.kind !== SPEND_LIMIT_ACT);
  const progress = { modelCalls: modelCallsOf(run.state) };
  const steps = new Map(plan.definition.steps.map((s) => [s.id, s]));
  // A delivery that died after a step failed but before the run did: the run fails with that step's error.
  const failedBefore = acts.find((a) => a.status === 'failed');
  if (failedBefore) {
    const name = steps.get(failedBefore.key)?.name ?? failedBefore.key;
    throw new ApiError(422, 'step_failed', `The step "${name}" failed: ${failedBefore.error ?? 'no detail was kept'}`);
  }
  // `running` acts were left by a delivery that died: they run again.
  const status = new Map<string, string>(acts.map((a) => [a.key, a.status === 'running' ? 'pending' : a.status]));
  const inflight = new Map<string, Promise<void>>();
  const gated: { act: ActRow; prompt: string }[] = [];
  let failure: { step: Step; error: ApiError } | null = null;
  let stop: unknown = null;

  for (;;) {
    if (!failure && !stop && !signal.aborted) {
      const ready = acts.filter((act) => {
        const step = steps.get(act.key)!;
        if (status.get(act.key) !== 'pending' || inflight.has(act.key)) return false;
        if (!step.depends_on.every((d) => status.get(d) === 'completed')) return false;
        const gate = gateOf(step, plan.nested);
        if (gate && (act.answer as { approved?: boolean } | null)?.approved !== true) {
          if (!gated.some((g) => g.act.id === act.id)) gated.push({ act, prompt: gate });
          return false;
        }
        return true;
      });
      // Spend enforcement between waves (nothing in flight, the run has called a model): a used-up spend limit
      // parks the run for an org admin before the next steps start (runs' spend-gate.ts).
      if (ready.length > 0 && inflight.size === 0 && progress.modelCalls > 0) {
        const all = await runRecords.acts.listForRun(db, organizationId, runId);
        const spend = await spendGate(
          { db, bus: deps.bus, spend: deps.spend, internalEvents: deps.internalEvents },
          run,
          all,
        );
        if (spend.kind === 'paused') return;
        if (spend.kind === 'declined') return finishAtSpendLimit(deps, run, plan, all, spend.limit);
      }
      for (const act of ready) {
        const step = steps.get(act.key)!;
        status.set(act.key, 'running');
        const work = runStep(deps, env, plan, thread, run, act, step, progress)
          .then((outcome) => {
            status.set(act.key, outcome);
          })
          .catch(async (error: unknown) => {
            status.set(act.key, 'failed');
            const failed = runFailure(error);
            if (signal.aborted || error instanceof DraftClosed || !failed) {
              stop ??= error;
              return;
            }
            // The run's error names no database detail: the log keeps it (scrubbed of the refused value).
            if (failed !== error) deps.log.error({ err: loggableError(error), runId, step: step.id }, 'step failed');
            failure ??= { step, error: failed };
            if (!(error instanceof StepActFailed)) await markFailed(deps, run, act, failed.message);
          })
          .finally(() => inflight.delete(act.key));
        inflight.set(act.key, work);
      }
    }
    if (inflight.size === 0) break;
    await Promise.race(inflight.values());
  }

  if (signal.aborted) throw signal.reason;
  if (stop) throw stop;
  if (failure) {
    const { step, error } = failure as { step: Step; error: ApiError };
    if (error instanceof RunLimitReached) throw error;
    throw new ApiError(422, 'step_failed', `The step "${step.name}" failed: ${error.message}`);
  }
  if ([...status.values()].includes('awaiting')) return;
  if (gated.length > 0) return pause(deps, run, gated);
  if ([...status.values()].some((s) => s !== 'completed')) {
    throw new ApiError(422, 'step_failed', 'The workflow has steps that can never run');
  }
  const finished = await runRecords.runs.find(db, organizationId, runId);
  if (finished?.status !== 'running') throw new DraftClosed();
  const ended = await runRecords.acts.listForRun(db, organizationId, runId);
  await finishWorkflow({ ...deps, gateway }, finished, plan, ended, ctx, signal);
}

async function publishActs(deps: Deps, run: RunRow) {
  await deps.bus.publish(run.id, actsUpdated(await runRecords.acts.listForRun(deps.db, run.organizationId, run.id)));
}

/** Runs one step's act to its end: `completed`, or `awaiting` when a tool step asks the person something. */
async function runStep(
  deps: Deps,
  env: StepEnv,
  plan: WorkflowPlan,
  thread: ThreadRow,
  run: RunRow,
  act: ActRow,
  step: Step,
  progress: { modelCalls: number },
): Promise<Outcome> {
  const org = run.organizationId;
  const done = await runRecords.acts.listForRun(deps.db, org, run.id);
  const scope = { input: plan.input, outputs: new Map(done.map((a) => [a.key, a.output] as const)) };

  if (step.type === 'tool') {
    const input = renderValue(step.config.arguments, scope);
    await runRecords.acts.update(deps.db, org, act.id, { input });
    const toolDeps = {
      db: deps.db,
      events: deps.bus,
      tools: deps.tools,
      toolSlots: deps.toolSlots,
      internalEvents: deps.internalEvents,
    };
    // A tool step: no model called it.
    const outcome = await runToolAct(toolDeps, run, thread, { ...act, input }, () => publishActs(deps, run), null);
    if (outcome.kind === 'failed') throw new StepActFailed(`the tool "${step.config.tool}" failed: ${outcome.error}`);
    return outcome.kind === 'awaiting' ? 'awaiting' : 'completed';
  }

  await runRecords.acts.update(deps.db, org, act.id, { status: 'running', startedAt: new Date(), error: null });
  await publishActs(deps, run);
  await deps.bus.publish(run.id, actActivity(act, 'started'));
  const result = await executeStep(env, step, scope, { actId: act.id, path: step.id, depth: 0 });
  await deps.db.transaction(async (tx) => {
    const locked = await runRecords.runs.lock(tx, org, run.id);
    if (locked?.status !== 'running') throw new DraftClosed();
    for (const u of result.usages) {
      await deps.gateway.recordUsage(tx, { ...env.ctx, agentId: u.agentId }, u.model, u.usage);
    }
    // One usage per model call: kept with the run, so a delivery after a pause or a crash goes on counting.
    if (result.usages.length > 0) {
      const modelCalls = modelCallsOf(locked.state) + result.usages.length;
      await runRecords.runs.update(tx, org, run.id, { state: { ...locked.state, modelCalls } });
    }
    progress.modelCalls += result.usages.length;
    await runRecords.acts.update(tx, org, act.id, {
      status: 'completed',
      output: result.output as object,
      completedAt: new Date(),
    });
  });
  await publishActs(deps, run);
  await deps.bus.publish(run.id, actActivity(act, 'completed'));
  return 'completed';
}

async function markFailed(deps: Deps, run: RunRow, act: ActRow, message: string) {
  const error = actError(message);
  await runRecords.acts.update(deps.db, run.organizationId, act.id, {
    status: 'failed',
    error,
    completedAt: new Date(),
  });
  await publishActs(deps, run);
  await deps.bus.publish(run.id, actActivity(act, 'failed', error));
}

/** Parks the run before the gated steps: each act `awaiting` an approval, the run `awaiting`. */
async function pause(deps: Deps, run: RunRow, gated: { act: ActRow; prompt: string }[]): Promise<void> {
  const org = run.organizationId;
  const interrupt = (prompt: string) => ({
    type: 'approval' as const,
    prompt,
    options: ['approve', 'reject'],
    multiSelect: false,
  });
  await deps.db.transaction(async (tx) => {
    for (const { act, prompt } of gated) {
      await runRecords.acts.update(tx, org, act.id, { status: 'awaiting', interrupt: interrupt(prompt) });
    }
    if (!(await runRecords.runs.transition(tx, org, run.id, ['running'], { status: 'awaiting' })))
      throw new DraftClosed();
    for (const { act } of gated) {
      await deps.internalEvents.emit(tx, org, 'interrupt.raised', interruptEvent(act, run.threadId));
    }
  });
  await publishActs(deps, run);
  for (const { act, prompt } of gated) {
    const { type, options, multiSelect } = interrupt(prompt);
    await deps.bus.publish(
      run.id,
      runEvent('interrupts', type, { interruptId: act.id, actKey: act.key, prompt, options, multiSelect }, act.id),
    );
  }
}
