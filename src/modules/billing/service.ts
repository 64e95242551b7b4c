import type { Executor } from '../../platform/db/client.ts';
import { noActiveSubscription } from './enforcement.ts';
import { type BillingProfileRow, billingProfilesStore } from './profiles.store.ts';
import { type LiveSubscription, subscriptionsStore } from './subscriptions.store.ts';

/** The wallet and spend-limit standing other modules read (run-start enforcement), through spendStatus. */
export type { SpendEnforcement } from './enforcement.ts';
export type { LimitStatus, SpendPrincipal, SpendStatus } from './limits.service.ts';
export type { BillingProfileRow } from './profiles.store.ts';
export type { LiveSubscription, SubscriptionRow } from './subscriptions.store.ts';

/** The organization's live subscription (trialing, active or past due) with its plan, or null. */
export const liveSubscription = (ex: Executor, organizationId: string): Promise<LiveSubscription | null> =>
  subscriptionsStore.findLive(ex, organizationId);

/** The organization's default billing profile (else its oldest), or null when it has none. */
export const defaultBillingProfile = (ex: Executor, organizationId: string): Promise<BillingProfileRow | null> =>
  billingProfilesStore.findDefault(ex, organizationId);

/**
 * 402 `no_active_subscription` unless the organization has a live subscription: checked before a model call made
 * for a request (a launch reads it with its spend standing: `assertMayLaunch`).
 */
export async function assertSubscribed(ex: Executor, organizationId: string): Promise<void> {
  if (!(await subscriptionsStore.hasLive(ex, organizationId))) throw noActiveSubscription();
}

/** What other modules (and the invoices) read of billing, in the caller's transaction or on the pool. */
export function createBillingService({ db }: { db: Executor }) {
  return {
    assertSubscribed: (organizationId: string, ex: Executor = db) => assertSubscribed(ex, organizationId),
    liveSubscription: (organizationId: string, ex: Executor = db) => liveSubscription(ex, organizationId),
    defaultBillingProfile: (organizationId: string, ex: Executor = db) => defaultBillingProfile(ex, organizationId),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
