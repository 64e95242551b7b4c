import type { InvoiceView } from './invoices.schemas.ts';
import type { InvoiceWithItems } from './invoices.store.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toInvoiceView(row: InvoiceWithItems): InvoiceView {
  return {
    id: row.id,
    organization_id: row.organizationId,
    subscription_id: row.subscriptionId,
    billing_profile_id: row.billingProfileId,
    status: row.status as InvoiceView['status'],
    period_start: row.periodStart,
    period_end: row.periodEnd,
    total_usd_minor: row.totalUsdMinor,
    total_minor: row.totalMinor,
    currency: row.currency,
    fx_rate: row.fxRate,
    due_date: row.dueDate,
    issued_at: iso(row.issuedAt),
    paid_at: iso(row.paidAt),
    billing_snapshot: row.billingSnapshot ?? null,
    subscription_snapshot: row.subscriptionSnapshot ?? null,
    amount_paid_minor: row.amountPaidMinor,
    amount_due_minor: row.totalMinor - row.amountPaidMinor,
    payments: row.payments.map((p) => ({
      id: p.id,
      amount_minor: Number(p.amount_minor),
      note: p.note,
      created_at: new Date(p.created_at).toISOString(),
    })),
    line_items: row.lineItems.map((l) => ({
      id: l.id,
      description: l.description,
      amount_minor: Number(l.amount_minor),
      currency: l.currency,
    })),
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
