import type { InvoiceStatus } from '../../billing/index.ts';

/** The Console's billing queries, under `['console', 'billing']`; an organization's under its id. */
export const consoleBillingKeys = {
  plans: ['console', 'billing', 'plans'] as const,
  /** The organization's own record, for its name. */
  organization: (organizationId: string) =>
    ['console', 'billing', 'organizations', organizationId, 'organization'] as const,
  wallet: (organizationId: string) => ['console', 'billing', 'organizations', organizationId, 'wallet'] as const,
  ledger: (organizationId: string) => ['console', 'billing', 'organizations', organizationId, 'ledger'] as const,
  limits: (organizationId: string) => ['console', 'billing', 'organizations', organizationId, 'spend-limits'] as const,
  /** Every list of the organization's invoices, whatever their filter. */
  invoiceLists: (organizationId: string) =>
    ['console', 'billing', 'organizations', organizationId, 'invoices', 'list'] as const,
  invoiceList: (organizationId: string, status: InvoiceStatus | null) =>
    [...consoleBillingKeys.invoiceLists(organizationId), status ?? 'all'] as const,
  invoice: (organizationId: string, invoiceId: string) =>
    ['console', 'billing', 'organizations', organizationId, 'invoices', 'one', invoiceId] as const,
};

/** The API's UUID check of path ids and `scope_id` (any version, or the nil and max UUIDs). */
export const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;
