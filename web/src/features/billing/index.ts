/** The money side's shared vocabulary: types, money formatting, invoice labels and views both the Admin area and the
 * Console use. */

export { BilledTo } from './BilledTo.tsx';
export { default as billingStyles } from './billing.module.css';
export { InvoiceStatusFilter, InvoiceTable, useInvoiceStatusFilter } from './InvoiceList.tsx';
export { InvoiceFacts, InvoiceLines, InvoiceNotes, InvoicePayments, InvoiceTotals } from './InvoiceParts.tsx';
export * from './invoice-labels.ts';
export * from './money.ts';
export * from './types.ts';
