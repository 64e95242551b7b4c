import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  priceMinor: integer('price_minor').notNull().default(0),
  currency: text('currency').notNull().default('USD'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    /** trialing | active | past_due are live; canceled is not. */
    status: text('status').notNull(),
    billingSource: text('billing_source').notNull().default('manual'),
    processorSubscriptionId: text('processor_subscription_id'),
    trialEndsAt: instant('trial_ends_at'),
    startedAt: instant('started_at').notNull().defaultNow(),
    currentPeriodStart: instant('current_period_start'),
    currentPeriodEnd: instant('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: instant('canceled_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_org_status_idx').on(t.organizationId, t.status),
    // At most one live subscription per organization: change-plan cancels the old row in the same transaction.
    uniqueIndex('subscriptions_one_live_idx')
      .on(t.organizationId)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
  ],
);
