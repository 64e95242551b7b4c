import type { Executor } from '../../../platform/db/client.ts';
import { type InternalEvents, interruptEvent } from '../../../platform/events/internal.ts';
import { newId } from '../../../platform/ids.ts';
import { actsUpdated, type RunEventPublisher, runEvent } from '../events.ts';
import { type ActRow, actsStore, type RunRow, runsStore, SPEND_LIMIT_ACT } from '../store.ts';

/** A spend limit a run has used up, as billing reports it. */
export interface UsedUpLimit {
  id: string;
  scope: string;
  scopeId: string | null;
  label: string | null;
  amountMinor: number;
  spentMinor: number;
  /** Human words for the limit (“the monthly spend limit of department Sales”). */
  name: string;
}

/** Billing's mid-run check: the used-up limit covering the run that no admin has allowed it past, or null. */
export interface SpendCheck {
  limitToApprove(
    ex: Executor,
    organizationId: string,
    runId: string,
    principal: { userId: string | null; agentId: string | null },
  ): Promise<UsedUpLimit | null>;
}

/** What the engine does next: ask the model, stop driving (paused or ended elsewhere), or end as declined. */
export type SpendGateOutcome = { kind: 'go' } | { kind: 'paused' } | { kind: 'declined'; limit: string };

/**
 * Checked before every model round after the first (a usage event of the run exists by then): a run past a limit
 * covering it pauses `awaiting` on an approval of kind `spend_limit` instead of calling the model. An org admin's
 * approval lets it past that limit (billing keeps the allowance); a rejection ends the run with its reply so far.
 */
export async function spendGate(
  deps: { db: Executor; bus: RunEventPublisher; spend: SpendCheck; internalEvents: InternalEvents },
  run: RunRow,
  acts: ActRow[],
): Promise<SpendGateOutcome> {
  const org = run.organizationId;
  const pauses = acts.filter((a) => a.kind === SPEND_LIMIT_ACT);
  const declined = pauses.find((a) => (a.answer as { declined?: boolean } | null)?.declined);
  if (declined) return { kind: 'declined', limit: (declined.input as { name: string }).name };

  const limit = await deps.spend.limitToApprove(deps.db, org, run.id, { userId: run.userId, agentId: run.agentId });
  if (!limit) return { kind: 'go' };
  const { name } = limit;
  const interrupt = {
    type: 'approval',
    kind: SPEND_LIMIT_ACT,
    prompt: `This run has reached ${name}. An organization admin may let it continue past the limit, or stop it.`,
    options: [],
    multiSelect: false,
    spend_limit: {
      id: limit.id,
      scope: limit.scope,
      scope_id: limit.scopeId,
      label: limit.label,
      amount_minor: limit.amountMinor,
      spent_minor: limit.spentMinor,
    },
  };
  const act = {
    id: newId(),
    organizationId: org,
    runId: run.id,
    // A colon is never in a workflow step id, the other act keys of a run.
    key: `spend-limit:${pauses.length + 1}`,
    ordinal: acts.reduce((n, a) => Math.max(n, a.ordinal), 0) + 1,
    kind: SPEND_LIMIT_ACT,
    status: 'awaiting' as const,
    description: `Waiting for an admin: ${name} is reached`,
    input: { limitId: limit.id, name },
    interrupt,
  };
  const paused = await deps.db.transaction(async (tx) => {
    // A run cancelled meanwhile stays ended: no pause is written for it.
    if (!(await runsStore.transition(tx, org, run.id, ['running'], { status: 'awaiting' }))) return false;
    await actsStore.insertMany(tx, [act]);
    await deps.internalEvents.emit(tx, org, 'interrupt.raised', interruptEvent(act, run.threadId));
    return true;
  });
  if (!paused) return { kind: 'paused' };
  await deps.bus.publish(run.id, actsUpdated(await actsStore.listForRun(deps.db, org, run.id)));
  await deps.bus.publish(
    run.id,
    runEvent(
      'interrupts',
      'approval',
      { interruptId: act.id, actKey: act.key, prompt: interrupt.prompt, options: [], multiSelect: false },
      act.id,
    ),
  );
  return { kind: 'paused' };
}
