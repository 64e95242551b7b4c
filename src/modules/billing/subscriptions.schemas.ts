import { z } from 'zod';

const rowFields = {
  id: z.uuid(),
  organization_id: z.uuid(),
  plan_id: z.uuid(),
  status: z.enum(['trialing', 'active', 'past_due', 'canceled']),
  billing_source: z.string().describe('`manual` unless a payment processor manages the subscription'),
  processor_subscription_id: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  started_at: z.string(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** The subscription as stored, without its plan (what cancel answers). */
export const SubscriptionRowSchema = z.object(rowFields).meta({ id: 'SubscriptionRow' });

export const SubscriptionSchema = z
  .object({ ...rowFields, plan_name: z.string(), plan_slug: z.string() })
  .meta({ id: 'Subscription' });

export const ChangePlanBody = z.strictObject({
  plan_id: z.uuid().describe('An active plan other than the current one'),
});
