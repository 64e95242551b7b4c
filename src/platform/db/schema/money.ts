import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './billing.ts';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * An organization's prepaid wallet (USD). `balance_minor` is the running sum of its ledger, kept in the same
 * transaction as every entry so the run-start check is one row read; the ledger stays the record of truth.
 * `usage_micro_cents` is the exact cost of every usage event debited so far: each debit is the growth of its
 * half-up rounding to cents, so the debits always sum to the rounded total and no fraction of a cent is lost.
 */
export const wallets = pgTable('wallets', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id),
  currency: text('currency').notNull().default('USD'),
  enforcementEnabled: boolean('enforcement_enabled').notNull().default(false),
  lowBalanceThresholdMinor: bigint('low_balance_threshold_minor', { mode: 'number' }).notNull().default(0),
  balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
  usageMicroCents: bigint('usage_micro_cents', { mode: 'bigint' }).notNull().default(sql`0`),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * The wallet's ledger: credits (operators) and debits (one per usage event, written with it), in integer minor
 * units (cents), signed: a credit is positive, a debit negative (or zero while an event's cost stays within the
 * current cent). A usage event is debited at most once (unique usage_event_id).
 */
export const walletLedgerEntries = pgTable(
  'wallet_ledger_entries',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    /** credit | debit */
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    usageEventId: uuid('usage_event_id').unique(),
    note: text('note'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_ledger_org_created_idx').on(t.organizationId, t.createdAt, t.id)],
);

/** A monthly cap on spend for the organization, or one of its departments, users or agents. */
export const spendLimits = pgTable(
  'spend_limits',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** organization | department | user | agent */
    scope: text('scope').notNull(),
    /** Null for the organization scope. */
    scopeId: uuid('scope_id'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One limit per scope and target (the organization scope has no target id).
    uniqueIndex('spend_limits_target_idx').on(
      t.organizationId,
      t.scope,
      sql`coalesce(${t.scopeId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/** An org admin's approval to let one run exceed one spend limit (the run's `spend_limit` interrupt). */
export const runSpendAllowances = pgTable(
  'run_spend_allowances',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    runId: uuid('run_id').notNull(),
    spendLimitId: uuid('spend_limit_id').notNull(),
    approvedByUserId: uuid('approved_by_user_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.spendLimitId] })],
);

/** Who an organization is invoiced as: its legal identity, address and payment terms. */
export const billingProfiles = pgTable(
  'billing_profiles',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    legalName: text('legal_name').notNull(),
    taxId: text('tax_id'),
    registrationNumber: text('registration_number'),
    billingEmail: text('billing_email'),
    billingContactName: text('billing_contact_name'),
    billingContactPhone: text('billing_contact_phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressCountry: text('address_country'),
    addressCity: text('address_city'),
    addressPostalCode: text('address_postal_code'),
    /** AED | USD */
    currency: text('currency').notNull().default('AED'),
    /** due_on_receipt | net_15 | net_30 | net_60 */
    paymentTerms: text('payment_terms').notNull().default('net_30'),
    /** wire | check */
    defaultPaymentMethod: text('default_payment_method').notNull().default('wire'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_profiles_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    uniqueIndex('billing_profiles_one_default_idx').on(t.organizationId).where(sql`${t.isDefault}`),
  ],
);

/**
 * An invoice: drafted from a subscription and a period's usage, then issued (open), paid, voided or written off.
 * Snapshots keep the billing profile and subscription as they were at issue.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    billingProfileId: uuid('billing_profile_id').references(() => billingProfiles.id, { onDelete: 'set null' }),
    /** draft | open | paid | void | uncollectible */
    status: text('status').notNull(),
    /** The period billed, inclusive dates in the organization's timezone. */
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    /** Drafted by the monthly job (at most one per organization and period) rather than by an operator. */
    automatic: boolean('automatic').notNull().default(false),
    totalUsdMinor: bigint('total_usd_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** Decimal string, fixed at issue (USD → currency). */
    fxRate: text('fx_rate'),
    dueDate: date('due_date'),
    issuedAt: instant('issued_at'),
    paidAt: instant('paid_at'),
    billingSnapshot: jsonb('billing_snapshot').$type<Record<string, unknown>>(),
    subscriptionSnapshot: jsonb('subscription_snapshot').$type<Record<string, unknown>>(),
    amountPaidMinor: bigint('amount_paid_minor', { mode: 'number' }).notNull().default(0),
    notes: text('notes'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('invoices_org_status_created_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('invoices_billing_profile_idx').on(t.billingProfileId),
    uniqueIndex('invoices_monthly_idx').on(t.organizationId, t.periodStart, t.periodEnd).where(sql`${t.automatic}`),
  ],
);

/** A line of an invoice, amounts in USD minor units (the invoice converts its total at issue). */
export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    description: text('description').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_line_items_invoice_idx').on(t.invoiceId, t.createdAt, t.id)],
);

/** A payment recorded against an invoice, in the invoice's currency. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    note: text('note'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt, t.id)],
);
