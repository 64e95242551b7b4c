import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { type InternalEvents, interruptEvent } from '../../platform/events/internal.ts';
import { ApiError, conflict, forbidden, unprocessable } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { enqueue } from '../../platform/jobs/index.ts';
import { viewerOf } from '../threads/service.ts';
import { CANCELLED_REPLY, endRun } from './ending.ts';
import { actsUpdated, type RunEventPublisher, terminalEvent } from './events.ts';
import { RUN_JOB } from './launch.ts';
import { type Interrupt, InterruptSchema } from './schemas.ts';
import type { RunsService } from './service.ts';
import { type ActRow, actsStore, approvalsStore, type RunRow, runsStore, SPEND_LIMIT_ACT } from './store.ts';

const notAwaiting = () => conflict('run_not_awaiting', 'The run is not waiting for an answer');

type Answer = { approved: true } | { declined: true; reason: string | null } | { answer: string | string[] };

/** What people do to a run: cancel it, and answer the questions it paused on. */
export function createRunActionsService(deps: {
  db: Executor;
  runs: Pick<RunsService, 'visibleRun'>;
  events: RunEventPublisher;
  /** Passed to the run's ending (a cancelled run announces nothing, but ends through the one path). */
  internalEvents: InternalEvents;
  onRunEnqueued: () => void;
  /** Records an org admin's approval of a spend-limit pause: the run may go past that limit from now on. */
  spend: {
    allowPastLimit(
      ex: Executor,
      allowance: { organizationId: string; runId: string; spendLimitId: string; approvedByUserId: string | null },
    ): Promise<void>;
  };
}) {
  const { db } = deps;
  const isOrgAdmin = (ctx: RequestContext) => ctx.actor.role === 'admin';

  /**
   * The run an answer is for: one on a thread the caller sees or, for an org admin, any run of the organization,
   * of which the admin may then answer the spend-limit pauses alone (`hidden` keeps the 404 for anything else).
   */
  async function runToAnswer(ctx: RequestContext, threadId: string, runId: string) {
    try {
      return { run: await deps.runs.visibleRun(ctx, threadId, runId), hidden: null };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404 || !isOrgAdmin(ctx)) throw error;
      const run = await runsStore.find(db, ctx.organizationId, runId);
      if (run?.threadId !== threadId) throw error;
      return { run, hidden: error };
    }
  }

  async function publishActs(run: RunRow, extra: Parameters<RunEventPublisher['publish']>[1][] = []) {
    const acts = await actsStore.listForRun(db, run.organizationId, run.id);
    for (const event of [actsUpdated(acts), ...extra]) await deps.events.publish(run.id, event);
  }

  /** The awaiting act an answer is for: the one named, or the newest. */
  function pickInterrupt(acts: ActRow[], interruptId: string | undefined): ActRow & { interrupt: Interrupt } {
    const awaiting = acts.filter((a) => a.status === 'awaiting' && a.interrupt);
    const act = interruptId ? awaiting.find((a) => a.id === interruptId) : awaiting.at(-1);
    if (!act) {
      if (interruptId) throw unprocessable('interrupt_id is not an awaiting interrupt of this run');
      throw notAwaiting();
    }
    return act as ActRow & { interrupt: Interrupt };
  }

  /**
   * Records the answer in one transaction with the run locked: the act leaves `awaiting` and the run goes back
   * to `running` once nothing else awaits; a continuation is enqueued for the worker. A spend-limit pause is an
   * org admin's to answer (403 for anyone else); approving it records the run's allowance past that limit.
   */
  async function answer(
    ctx: RequestContext,
    threadId: string,
    runId: string,
    interruptId: string | undefined,
    decide: (act: ActRow & { interrupt: Interrupt }) => { answer: Answer; completesAct: boolean },
  ) {
    const { run, hidden } = await runToAnswer(ctx, threadId, runId);
    const status = await db.transaction(async (tx) => {
      const locked = await runsStore.lock(tx, ctx.organizationId, run.id);
      if (locked?.status !== 'awaiting') throw hidden ?? notAwaiting();
      const acts = await actsStore.listForRun(tx, ctx.organizationId, run.id);
      const answerable = hidden ? acts.filter((a) => a.kind === SPEND_LIMIT_ACT) : acts;
      if (hidden && !answerable.some((a) => a.status === 'awaiting')) throw hidden;
      const act = pickInterrupt(answerable, interruptId);
      const spendPause = act.kind === SPEND_LIMIT_ACT;
      if (spendPause && !isOrgAdmin(ctx)) {
        throw forbidden('Only an organization admin may let a run go past a spend limit, or stop it');
      }
      const { answer: given, completesAct } = decide(act);
      // A spend-limit pause has nothing to run after its answer: approved or declined, it is done.
      await actsStore.update(tx, ctx.organizationId, act.id, {
        answer: given,
        interrupt: null,
        ...(completesAct || spendPause
          ? { status: 'completed', output: given, completedAt: new Date() }
          : { status: 'pending' }),
      });
      await deps.internalEvents.emit(tx, ctx.organizationId, 'interrupt.answered', interruptEvent(act, run.threadId));
      if (spendPause && 'approved' in given) {
        await deps.spend.allowPastLimit(tx, {
          organizationId: ctx.organizationId,
          runId: run.id,
          spendLimitId: (act.input as { limitId: string }).limitId,
          approvedByUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
        });
      }
      const stillAwaiting = acts.some((a) => a.id !== act.id && a.status === 'awaiting');
      const next: 'awaiting' | 'running' = stillAwaiting ? 'awaiting' : 'running';
      await runsStore.update(tx, ctx.organizationId, run.id, { status: next });
      await enqueue(tx, {
        kind: RUN_JOB,
        payload: { organizationId: ctx.organizationId, runId: run.id },
        dedupeKey: `run.continue:${act.id}`,
        maxAttempts: 10,
      });
      return next;
    });
    deps.onRunEnqueued();
    await publishActs(run);
    return { run: { id: run.id, status } };
  }

  return {
    async cancel(ctx: RequestContext, threadId: string, runId: string) {
      const run = await deps.runs.visibleRun(ctx, threadId, runId);
      const ended = await db.transaction(async (tx) => {
        const locked = await runsStore.lock(tx, ctx.organizationId, run.id);
        const content = locked?.partialText.trim() ? locked.partialText : CANCELLED_REPLY;
        const output = locked ? await endRun(tx, deps.internalEvents, locked, { status: 'cancelled', content }) : null;
        if (!locked || !output) throw conflict('run_finished', 'The run has already finished');
        return { run: locked, output };
      });
      await publishActs(ended.run, [terminalEvent('cancelled', ended.output)]);
      return { run: { id: run.id, status: 'cancelled' as const } };
    },

    approve: (ctx: RequestContext, threadId: string, runId: string, body: { interrupt_id?: string }) =>
      answer(ctx, threadId, runId, body.interrupt_id, (act) => {
        if (act.interrupt.type !== 'approval') {
          throw unprocessable('This interrupt asks a question: answer it with resume, or reject it');
        }
        return { answer: { approved: true }, completesAct: false };
      }),

    /** Works on any interrupt: the act completes as declined (not failed) and the run goes on. */
    reject: (ctx: RequestContext, threadId: string, runId: string, body: { interrupt_id?: string; reason?: string }) =>
      answer(ctx, threadId, runId, body.interrupt_id, () => ({
        answer: { declined: true, reason: body.reason ?? null },
        completesAct: true,
      })),

    resume: (
      ctx: RequestContext,
      threadId: string,
      runId: string,
      body: { interrupt_id?: string; answer: string | string[] },
    ) =>
      answer(ctx, threadId, runId, body.interrupt_id, (act) => {
        if (act.interrupt.type !== 'clarification') {
          throw unprocessable('This interrupt asks for approval: approve or reject it');
        }
        return { answer: { answer: normaliseAnswer(act.interrupt, body.answer) }, completesAct: false };
      }),

    /** Every awaiting interrupt on threads the caller can see, newest first. */
    async pendingApprovals(ctx: RequestContext, rawCursor: string | undefined, limit: number) {
      const rows = await approvalsStore.listVisible(
        db,
        ctx.organizationId,
        { ...viewerOf(ctx), isOrgAdmin: isOrgAdmin(ctx) },
        decodeCursor(rawCursor),
        limit,
      );
      return toPage(
        rows,
        limit,
        (r) => ({ v: r.createdAt.toISOString(), id: r.id }),
        (r) => {
          const interrupt = InterruptSchema.parse(r.interrupt);
          return {
            id: r.id,
            type: interrupt.type,
            run_id: r.runId,
            thread_id: r.threadId,
            thread_title: r.threadTitle,
            act_key: r.key,
            prompt: interrupt.prompt,
            options: interrupt.options,
            multi_select: interrupt.multiSelect,
            kind: interrupt.kind ?? null,
            spend_limit: interrupt.spend_limit ?? null,
            created_at: r.createdAt.toISOString(),
          };
        },
      );
    },
  };
}

/** A single-choice question takes one answer; a multi-select one takes a list of the offered options. */
function normaliseAnswer(interrupt: Interrupt, given: string | string[]): string | string[] {
  if (!interrupt.multiSelect) {
    if (Array.isArray(given)) {
      if (given.length !== 1) throw unprocessable('This question takes a single answer');
      return given[0]!;
    }
    return given;
  }
  const list = Array.isArray(given) ? given : [given];
  const unknown = interrupt.options.length > 0 ? list.filter((a) => !interrupt.options.includes(a)) : [];
  if (unknown.length > 0) throw unprocessable(`Not among the options: ${unknown.join(', ')}`);
  return list;
}

export type RunActionsService = ReturnType<typeof createRunActionsService>;
