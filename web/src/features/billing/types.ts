import type { components } from '@atrium/client';

/** The money side's resources as the API shows them, to org admins and operators alike. */
export type Wallet = components['schemas']['Wallet'];
export type SpendLimits = components['schemas']['SpendLimits'];
export type SpendLimit = components['schemas']['SpendLimit'];
export type Subscription = components['schemas']['Subscription'];
export type Plan = components['schemas']['Plan'];
export type BillingProfile = components['schemas']['BillingProfile'];
export type Invoice = components['schemas']['Invoice'];
export type InvoiceStatus = Invoice['status'];

export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['draft', 'open', 'paid', 'void', 'uncollectible'];
