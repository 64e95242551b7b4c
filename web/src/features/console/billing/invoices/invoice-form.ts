import type { Invoice } from '../../../billing/index.ts';
import { amountError, parseMinor } from '../money-input.ts';
import type { NewInvoice, NewLine, NewPayment } from './use-invoices.ts';

/** The API's bounds (src/modules/billing/invoices.schemas.ts). */
export const INVOICE_LIMITS = { notes: 2000, description: 500, paymentNote: 500, periodDays: 366 } as const;
const MAX_AMOUNT_MINOR = 10_000_000_000;

type Errors<K extends string> = Partial<Record<K, string>>;

export interface DraftValues {
  periodStart: string;
  periodEnd: string;
  notes: string;
}
export const DRAFT_FIELDS = { period_start: 'periodStart', period_end: 'periodEnd', notes: 'notes' } as const;

/** A real calendar date `YYYY-MM-DD` from 2000 on, as the API takes it. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '2000-01-01';
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

export function validateDraft(values: DraftValues): Errors<keyof DraftValues> {
  const found: Errors<keyof DraftValues> = {};
  if (!isCalendarDate(values.periodStart)) found.periodStart = 'Give the first day billed, a date from 2000 on.';
  if (!isCalendarDate(values.periodEnd)) found.periodEnd = 'Give the last day billed, a date from 2000 on.';
  if (!found.periodStart && !found.periodEnd) {
    const days = dayNumber(values.periodEnd) - dayNumber(values.periodStart) + 1;
    if (days < 1) found.periodEnd = 'The last day must not be before the first.';
    else if (days > INVOICE_LIMITS.periodDays)
      found.periodEnd = `A period spans at most ${INVOICE_LIMITS.periodDays} days.`;
  }
  if (values.notes.trim().length > INVOICE_LIMITS.notes) found.notes = `At most ${INVOICE_LIMITS.notes} characters.`;
  return found;
}

export function draftBody(values: DraftValues): NewInvoice {
  const notes = values.notes.trim();
  return { period_start: values.periodStart, period_end: values.periodEnd, ...(notes ? { notes } : {}) };
}

export interface LineValues {
  description: string;
  amount: string;
}
export const LINE_FIELDS = { description: 'description', amount_minor: 'amount' } as const;

/** A line is in US dollars, never zero; a credit (negative) may not take the draft's total below zero. */
export function validateLine(values: LineValues, invoice: Invoice): Errors<keyof LineValues> {
  const found: Errors<keyof LineValues> = {};
  const description = values.description.trim();
  if (!description) found.description = 'Describe the line.';
  else if (description.length > INVOICE_LIMITS.description) {
    found.description = `At most ${INVOICE_LIMITS.description} characters.`;
  }
  const amount = amountError(values.amount, { min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR, currency: 'USD' });
  const minor = parseMinor(values.amount) ?? 0;
  if (amount) found.amount = amount;
  else if (minor === 0) found.amount = 'A line cannot be zero.';
  else if (invoice.total_usd_minor + minor < 0) found.amount = 'A credit may not take the invoice total below zero.';
  return found;
}

export function lineBody(values: LineValues): NewLine {
  return { description: values.description.trim(), amount_minor: parseMinor(values.amount) ?? 0 };
}

export interface PaymentValues {
  amount: string;
  note: string;
}
export const PAYMENT_FIELDS = { amount_minor: 'amount', note: 'note' } as const;
export const PAYMENT_CODES = { payment_exceeds_amount_due: 'amount' } as const;

/** A payment is in the invoice's currency, at least one minor unit and at most what is still due. */
export function validatePayment(values: PaymentValues, invoice: Invoice): Errors<keyof PaymentValues> {
  const found: Errors<keyof PaymentValues> = {};
  const max = Math.min(MAX_AMOUNT_MINOR, invoice.amount_due_minor);
  const amount = amountError(values.amount, { min: 1, max, currency: invoice.currency });
  if (amount) found.amount = amount;
  if (values.note.trim().length > INVOICE_LIMITS.paymentNote) {
    found.note = `At most ${INVOICE_LIMITS.paymentNote} characters.`;
  }
  return found;
}

export function paymentBody(values: PaymentValues): NewPayment {
  const note = values.note.trim();
  return { amount_minor: parseMinor(values.amount) ?? 0, ...(note ? { note } : {}) };
}
