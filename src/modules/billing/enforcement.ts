import type { Executor } from '../../platform/db/client.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { allowancesStore } from './enforcement.store.ts';
import type { LimitStatus, LimitsService, SpendPrincipal } from './limits.service.ts';
import { walletStore } from './wallet.store.ts';

/**
 * Most organizations have no wallet or do not enforce: one primary-key read settles it before the spend statement
 * (which sums the month's usage of every limit covering the principal) runs on a launch or a model round.
 */
const enforces = async (ex: Executor, organizationId: string) =>
  (await walletStore.find(ex, organizationId))?.enforcementEnabled === true;

/** Refuses what would call a model for an organization without a live subscription. */
export const noActiveSubscription = () =>
  new ApiError(
    402,
    'no_active_subscription',
    'The organization has no active subscription: an admin chooses a plan with POST /v1/organization/subscription/change-plan',
  );

/** A used-up limit as the words of a refusal or a pause: its scope and what it names. */
export const describeLimit = (limit: Pick<LimitStatus, 'scope' | 'label'>) =>
  limit.scope === 'organization'
    ? `the organization's monthly spend limit`
    : `the monthly spend limit of ${limit.scope} ${limit.label ?? '(deleted)'}`;

/**
 * A limit is used up once its month's spend, rounded to cents as the spend-limits view shows it, reaches the
 * amount (remaining_minor 0): a run is never refused while the view still shows money left.
 */
const usedUp = (limit: LimitStatus) => limit.spentMinor >= limit.amountMinor;

/**
 * Spend enforcement, only while the organization's wallet has `enforcement_enabled`: a run does not start with the
 * balance at or below zero (402 `insufficient_balance`) or past a limit covering its principal (402
 * `spend_limit_reached`); a started run may take the balance below zero, but pauses once a limit covering it is
 * used up until an org admin allows it past that limit (an allowance for that run alone).
 */
export function createSpendEnforcement(limits: Pick<LimitsService, 'spendStatus'>) {
  /** Run-start enforcement of a wallet that enforces: its balance, then the limits covering the principal. */
  async function assertWithinBudget(ex: Executor, organizationId: string, principal: SpendPrincipal) {
    const status = await limits.spendStatus(ex, organizationId, principal);
    if (!status.wallet?.enforcementEnabled) return;
    if (status.wallet.balanceMinor <= 0) {
      throw new ApiError(
        402,
        'insufficient_balance',
        'The organization’s wallet balance is used up: an operator adds credit before new runs start',
      );
    }
    const limit = status.limits.find(usedUp);
    if (limit) {
      throw new ApiError(
        402,
        'spend_limit_reached',
        `This run would go past ${describeLimit(limit)} (${limit.amountMinor} minor units this month)`,
      );
    }
  }

  return {
    /**
     * Whether a run may start, in the launch's executor: 402 `no_active_subscription` unless the organization has
     * a live subscription, then the spend check while its wallet enforces. Both facts come from one read, which
     * every launch makes; the spend statement runs only for an enforcing wallet.
     */
    async assertMayLaunch(ex: Executor, organizationId: string, principal: SpendPrincipal): Promise<void> {
      const standing = await allowancesStore.launchStanding(ex, organizationId);
      if (!standing.subscribed) throw noActiveSubscription();
      if (standing.enforcing) await assertWithinBudget(ex, organizationId, principal);
    },

    /**
     * The first limit covering a running run's principal that is used up and that no admin has allowed this run
     * past, or null (also when enforcement is off: the balance alone never pauses a started run).
     */
    async limitToApprove(
      ex: Executor,
      organizationId: string,
      runId: string,
      principal: SpendPrincipal,
    ): Promise<(LimitStatus & { name: string }) | null> {
      if (!(await enforces(ex, organizationId))) return null;
      const status = await limits.spendStatus(ex, organizationId, principal);
      if (!status.wallet?.enforcementEnabled) return null;
      const over = status.limits.filter(usedUp);
      if (over.length === 0) return null;
      const allowed = await allowancesStore.limitIdsForRun(ex, organizationId, runId);
      const limit = over.find((l) => !allowed.has(l.id));
      return limit ? { ...limit, name: describeLimit(limit) } : null;
    },

    /** An org admin's approval: the run may go past this limit from now on (idempotent). */
    allowPastLimit: (
      ex: Executor,
      allowance: { organizationId: string; runId: string; spendLimitId: string; approvedByUserId: string | null },
    ) => allowancesStore.insert(ex, allowance),
  };
}

export type SpendEnforcement = ReturnType<typeof createSpendEnforcement>;
