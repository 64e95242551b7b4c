import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import { ApiError, conflict, unprocessable } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { plansStore } from './plans.store.ts';
import { type LiveSubscription, subscriptionsStore as store } from './subscriptions.store.ts';
import { toSubscriptionRowView, toSubscriptionView } from './subscriptions.views.ts';

const noLiveSubscription = () => new ApiError(404, 'not_found', 'The organization has no live subscription');

/** Only manual subscriptions are changed here; a processor's are changed through the processor. */
function assertManual(live: LiveSubscription): void {
  if (live.subscription.billingSource !== 'manual') {
    throw conflict('managed_externally', 'The subscription is managed by a payment processor; change it there');
  }
}

/**
 * Every change of an organization's subscription holds this lock until its transaction ends, so two plan changes
 * racing cannot both cancel the same row (the partial unique index would refuse the second live row with a 500).
 */
const lockSubscription = (tx: Executor, organizationId: string) =>
  lockForTransaction(tx, 'subscription', organizationId);

/** The organization's subscription, for its admins: read it, move it to another plan, cancel it. */
export function createSubscriptionsService({ db }: { db: Executor }) {
  return {
    async get(ctx: RequestContext) {
      const live = await store.findLive(db, ctx.organizationId);
      if (!live) throw noLiveSubscription();
      return toSubscriptionView(live);
    },

    /**
     * Cancels the live subscription and starts an active one on the plan, in one transaction. With no live
     * subscription (after a cancel) it subscribes the organization again.
     */
    async changePlan(ctx: RequestContext, planId: string) {
      const org = ctx.organizationId;
      const live = await db.transaction(async (tx) => {
        const plan = await plansStore.find(tx, planId);
        if (!plan?.isActive) throw unprocessable('plan_id: no active plan has this id');
        await lockSubscription(tx, org);
        const current = await store.findLive(tx, org);
        if (current) {
          assertManual(current);
          if (current.subscription.planId === planId) {
            throw conflict('same_plan', 'The organization is already subscribed to this plan');
          }
          await store.cancel(tx, org, current.subscription.id);
        }
        return { subscription: await store.insertActive(tx, org, newId(), plan.id), plan };
      });
      return toSubscriptionView(live);
    },

    async cancel(ctx: RequestContext) {
      const org = ctx.organizationId;
      const row = await db.transaction(async (tx) => {
        await lockSubscription(tx, org);
        const current = await store.findLive(tx, org);
        if (!current) throw noLiveSubscription();
        assertManual(current);
        return store.cancel(tx, org, current.subscription.id);
      });
      return toSubscriptionRowView(row);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
