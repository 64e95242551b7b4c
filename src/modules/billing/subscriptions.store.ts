import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { plans, subscriptions } from '../../platform/db/schema/index.ts';
import type { PlanRow } from './plans.store.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** The organization's live subscription with its plan. */
export interface LiveSubscription {
  subscription: SubscriptionRow;
  plan: PlanRow;
}

/** The statuses of a live subscription; the partial unique index allows one such row per organization. */
export const LIVE_STATUSES = ['trialing', 'active', 'past_due'] as const;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(subscriptions.organizationId, organizationId), eq(subscriptions.id, id));

export const subscriptionsStore = {
  async findLive(db: Executor, organizationId: string): Promise<LiveSubscription | null> {
    const [row] = await db
      .select({ subscription: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.organizationId, organizationId), inArray(subscriptions.status, [...LIVE_STATUSES])))
      .limit(1);
    return row ?? null;
  },

  /** Whether the organization has a live subscription (an indexed probe, before every launch). */
  async hasLive(db: Executor, organizationId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.organizationId, organizationId), inArray(subscriptions.status, [...LIVE_STATUSES])))
      .limit(1);
    return row !== undefined;
  },

  /** Ends the subscription now (the caller's transaction time, shared with the row that replaces it). */
  async cancel(db: Executor, organizationId: string, id: string): Promise<SubscriptionRow> {
    const [row] = await db
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: sql`now()`, updatedAt: sql`now()` })
      .where(ofOrganization(organizationId, id))
      .returning();
    return row!;
  },

  /** A manual subscription to the plan, active from now for one calendar month. */
  async insertActive(db: Executor, organizationId: string, id: string, planId: string): Promise<SubscriptionRow> {
    const [row] = await db
      .insert(subscriptions)
      .values({
        id,
        organizationId,
        planId,
        status: 'active',
        billingSource: 'manual',
        startedAt: sql`now()`,
        currentPeriodStart: sql`now()`,
        currentPeriodEnd: sql`now() + interval '1 month'`,
      })
      .returning();
    return row!;
  },
};
