import { z } from 'zod';
import { pageQuery, pageSchema } from '../../platform/http/pagination.ts';

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Lines and payments per invoice: an invoice is a document people read, not a ledger. */
export const MAX_LINE_ITEMS = 100;
export const MAX_PAYMENTS = 100;
/** The longest period one invoice bills, in inclusive days (a leap year). */
export const MAX_PERIOD_DAYS = 366;
/** Largest line or payment, in minor units: 100 million dollars. */
export const MAX_AMOUNT_MINOR = 10_000_000_000;

export const InvoiceLineItemSchema = z
  .object({
    id: z.uuid(),
    description: z.string(),
    amount_minor: z.number().int().describe('USD minor units; negative for a credit'),
    currency: z.string(),
  })
  .meta({ id: 'InvoiceLineItem' });

export const InvoicePaymentSchema = z
  .object({
    id: z.uuid(),
    amount_minor: z.number().int().describe("Minor units of the invoice's currency"),
    note: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'InvoicePayment' });

export const InvoiceSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    subscription_id: z.uuid().nullable(),
    billing_profile_id: z.uuid().nullable().describe('The profile used at issue; null once that profile is deleted'),
    status: z.enum(INVOICE_STATUSES),
    period_start: z.string().describe('First day billed, in the organization’s timezone'),
    period_end: z.string().describe('Last day billed (inclusive), in the organization’s timezone'),
    total_usd_minor: z.number().int(),
    total_minor: z.number().int().describe('Total in `currency`: total_usd_minor × fx_rate, rounded half-up'),
    currency: z.string(),
    fx_rate: z.string().nullable().describe('USD → currency, fixed at issue; null while a draft'),
    due_date: z.string().nullable(),
    issued_at: z.string().nullable(),
    paid_at: z.string().nullable(),
    billing_snapshot: z.record(z.string(), z.unknown()).nullable(),
    subscription_snapshot: z.record(z.string(), z.unknown()).nullable(),
    amount_paid_minor: z.number().int(),
    amount_due_minor: z.number().int(),
    payments: z.array(InvoicePaymentSchema),
    line_items: z.array(InvoiceLineItemSchema),
    notes: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Invoice' });

export const InvoicePageSchema = pageSchema(InvoiceSchema);

export const InvoiceListQuery = pageQuery().extend({ status: z.enum(INVOICE_STATUSES).optional() });

/** A calendar date `YYYY-MM-DD` that exists (no Feb 30). */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01';
  }, 'must be a real calendar date from 2000 on');

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

export const DraftInvoiceBody = z
  .strictObject({
    period_start: calendarDate,
    period_end: calendarDate,
    notes: z.string().trim().max(2000).optional(),
  })
  .refine((b) => b.period_end >= b.period_start, { message: 'period_end must not be before period_start' })
  .refine((b) => dayNumber(b.period_end) - dayNumber(b.period_start) + 1 <= MAX_PERIOD_DAYS, {
    message: `A period spans at most ${MAX_PERIOD_DAYS} days`,
  });

const amount = z.number().int().min(-MAX_AMOUNT_MINOR).max(MAX_AMOUNT_MINOR);

export const LineItemBody = z.strictObject({
  description: z.string().trim().min(1).max(500),
  amount_minor: amount
    .refine((v) => v !== 0, 'must not be zero')
    .describe('USD minor units; negative for a credit (the total never goes below zero)'),
});

export const PaymentBody = z.strictObject({
  amount_minor: amount.min(1).describe("Minor units of the invoice's currency, at most the amount due"),
  note: z.string().trim().max(500).optional(),
});

export type InvoiceView = z.output<typeof InvoiceSchema>;
export type DraftInvoiceInput = z.output<typeof DraftInvoiceBody>;
export type LineItemInput = z.output<typeof LineItemBody>;
export type PaymentInput = z.output<typeof PaymentBody>;
export type InvoiceListInput = z.output<typeof InvoiceListQuery>;
