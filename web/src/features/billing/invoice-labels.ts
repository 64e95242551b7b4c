import type { Invoice, InvoiceStatus } from './index.ts';

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** An invoice has no number: it is named by the days it bills. */
export const periodOf = (invoice: Invoice) => `${invoice.period_start} to ${invoice.period_end}`;
