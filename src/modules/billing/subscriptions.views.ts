import type { z } from 'zod';
import { isoOrNull } from '../../platform/http/time.ts';
import type { SubscriptionRowSchema, SubscriptionSchema } from './subscriptions.schemas.ts';
import type { LiveSubscription, SubscriptionRow } from './subscriptions.store.ts';

export function toSubscriptionRowView(row: SubscriptionRow): z.output<typeof SubscriptionRowSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    plan_id: row.planId,
    status: row.status as z.output<typeof SubscriptionRowSchema>['status'],
    billing_source: row.billingSource,
    processor_subscription_id: row.processorSubscriptionId,
    trial_ends_at: isoOrNull(row.trialEndsAt),
    started_at: row.startedAt.toISOString(),
    current_period_start: isoOrNull(row.currentPeriodStart),
    current_period_end: isoOrNull(row.currentPeriodEnd),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: isoOrNull(row.canceledAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const toSubscriptionView = ({ subscription, plan }: LiveSubscription): z.output<typeof SubscriptionSchema> => ({
  ...toSubscriptionRowView(subscription),
  plan_name: plan.name,
  plan_slug: plan.slug,
});
