import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import { conflict, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import { centsFromMicroCents, convertMinor, dueDate, FX_RATES, type InvoiceCurrency } from './invoices.rules.ts';
import {
  type DraftInvoiceInput,
  type InvoiceListInput,
  type InvoiceStatus,
  type LineItemInput,
  MAX_LINE_ITEMS,
  MAX_PAYMENTS,
  type PaymentInput,
} from './invoices.schemas.ts';
import { type InvoiceRow, invoicesStore as store } from './invoices.store.ts';
import { toInvoiceView } from './invoices.views.ts';
import { type BillingProfileRow, billingProfilesStore } from './profiles.store.ts';
import { subscriptionsStore } from './subscriptions.store.ts';

/** A period of whole days, inclusive, in the organization's timezone. */
export interface BillingPeriod {
  start: string;
  end: string;
}

const stateConflict = (invoice: InvoiceRow, action: string) =>
  conflict('invalid_invoice_state', `A ${invoice.status} invoice cannot be ${action}`);

const profileSnapshot = (p: BillingProfileRow) => ({
  id: p.id,
  name: p.name,
  legal_name: p.legalName,
  tax_id: p.taxId,
  registration_number: p.registrationNumber,
  billing_email: p.billingEmail,
  billing_contact_name: p.billingContactName,
  billing_contact_phone: p.billingContactPhone,
  address_line1: p.addressLine1,
  address_line2: p.addressLine2,
  address_country: p.addressCountry,
  address_city: p.addressCity,
  address_postal_code: p.addressPostalCode,
  currency: p.currency,
  payment_terms: p.paymentTerms,
  default_payment_method: p.defaultPaymentMethod,
});

/** Invoices: drafted from a subscription and a period's usage, issued, paid, voided or written off. */
export function createInvoicesService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  async function page(organizationId: string, query: InvoiceListInput) {
    const rows = await store.page(db, organizationId, {
      status: query.status,
      cursor: decodeCursor(query.cursor),
      limit: query.limit,
    });
    return toPage(rows, query.limit, (r) => ({ v: r.createdAt.toISOString(), id: r.id }), toInvoiceView);
  }

  async function view(organizationId: string, id: string) {
    const row = await store.find(db, organizationId, id);
    if (!row) throw notFound('Invoice');
    return toInvoiceView(row);
  }

  async function requireOrganization(organizationId: string, ex: Executor = db): Promise<string> {
    const timeZone = await store.timezoneOf(ex, organizationId);
    if (!timeZone) throw notFound('Organization');
    return timeZone;
  }

  /**
   * Drafts an invoice in `tx`: the live plan's price once (no proration) and one line for the period's usage,
   * its exact cost rounded half-up to cents once. Null when an automatic invoice of the period already exists, or
   * when `requireSubscription` and the organization has no live subscription.
   */
  async function draftIn(
    tx: Executor,
    organizationId: string,
    period: BillingPeriod,
    options: { automatic: boolean; notes?: string | undefined },
  ): Promise<InvoiceRow | null> {
    const timeZone = await requireOrganization(organizationId, tx);
    const live = await subscriptionsStore.findLive(tx, organizationId);
    if (!live && options.automatic) return null;
    const span = `${period.start} to ${period.end}`;
    const usage = await store.usageMicroCents(tx, organizationId, { ...period, timeZone });
    const lines = [
      ...(live ? [{ description: `${live.plan.name} plan, ${span}`, amountMinor: live.plan.priceMinor }] : []),
      { description: `AI usage ${span}`, amountMinor: centsFromMicroCents(usage) },
    ];
    const total = lines.reduce((sum, line) => sum + line.amountMinor, 0);
    const invoice = await store.insert(tx, {
      id: newId(),
      organizationId,
      subscriptionId: live?.subscription.id ?? null,
      status: 'draft',
      periodStart: period.start,
      periodEnd: period.end,
      automatic: options.automatic,
      totalUsdMinor: total,
      totalMinor: total,
      currency: 'USD',
      notes: options.notes || null,
    });
    if (!invoice) return null;
    // The lines share the transaction's created_at, so their ids give their order: ids made in the same
    // millisecond differ only in random bits, hence sorted before they are handed out.
    const ids = lines.map(() => newId()).sort();
    for (const [i, line] of lines.entries()) {
      await store.insertLineItem(tx, { id: ids[i]!, organizationId, invoiceId: invoice.id, currency: 'USD', ...line });
    }
    return invoice;
  }

  /** Runs `change` on the invoice locked for update, then answers the invoice as committed. */
  async function withLocked(
    organizationId: string,
    invoiceId: string,
    change: (tx: Executor, invoice: InvoiceRow) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const invoice = await store.lock(tx, organizationId, invoiceId);
      if (!invoice) throw notFound('Invoice');
      await change(tx, invoice);
    });
    return view(organizationId, invoiceId);
  }

  async function finalize(tx: Executor, invoice: InvoiceRow) {
    if (invoice.status !== 'draft') throw stateConflict(invoice, 'finalized');
    const org = invoice.organizationId;
    const timeZone = await requireOrganization(org, tx);
    const profile = await billingProfilesStore.findDefault(tx, org, { keyShare: true });
    const currency: InvoiceCurrency = profile?.currency === 'AED' ? 'AED' : 'USD';
    const fxRate = FX_RATES[currency];
    const totalMinor = convertMinor(invoice.totalUsdMinor, fxRate);
    const issuedAt = clock.now();
    const subscription = invoice.subscriptionId ? await store.subscription(tx, org, invoice.subscriptionId) : null;
    await store.update(tx, org, invoice.id, {
      // Nothing to collect: a zero invoice is settled as it is issued.
      status: totalMinor === 0 ? 'paid' : 'open',
      paidAt: totalMinor === 0 ? issuedAt : null,
      issuedAt,
      dueDate: dueDate(issuedAt, timeZone, profile?.paymentTerms ?? 'due_on_receipt'),
      currency,
      fxRate,
      totalMinor,
      billingProfileId: profile?.id ?? null,
      billingSnapshot: profile ? profileSnapshot(profile) : null,
      subscriptionSnapshot: subscription && {
        id: subscription.subscription.id,
        plan_id: subscription.plan.id,
        plan_name: subscription.plan.name,
        plan_slug: subscription.plan.slug,
        plan_price_minor: subscription.plan.priceMinor,
        plan_currency: subscription.plan.currency,
        status: subscription.subscription.status,
        billing_source: subscription.subscription.billingSource,
        started_at: subscription.subscription.startedAt.toISOString(),
        current_period_start: subscription.subscription.currentPeriodStart?.toISOString() ?? null,
        current_period_end: subscription.subscription.currentPeriodEnd?.toISOString() ?? null,
      },
    });
  }

  async function addLineItem(tx: Executor, invoice: InvoiceRow, input: LineItemInput) {
    if (invoice.status !== 'draft') throw stateConflict(invoice, 'given new lines');
    const org = invoice.organizationId;
    const { n, sum } = await store.lineTotals(tx, org, invoice.id);
    if (n >= MAX_LINE_ITEMS) throw conflict('limit_reached', `An invoice has at most ${MAX_LINE_ITEMS} lines`);
    const total = sum + input.amount_minor;
    if (total < 0) throw invalidRequest('amount_minor: credits may not take the invoice total below zero');
    await store.insertLineItem(tx, {
      id: newId(),
      organizationId: org,
      invoiceId: invoice.id,
      description: input.description,
      amountMinor: input.amount_minor,
      currency: 'USD',
    });
    await store.update(tx, org, invoice.id, { totalUsdMinor: total, totalMinor: total });
  }

  async function recordPayment(tx: Executor, invoice: InvoiceRow, input: PaymentInput) {
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') throw stateConflict(invoice, 'paid');
    const org = invoice.organizationId;
    const due = invoice.totalMinor - invoice.amountPaidMinor;
    if (input.amount_minor > due) {
      throw conflict('payment_exceeds_amount_due', `The invoice owes ${due} ${invoice.currency} minor units`);
    }
    if ((await store.paymentCount(tx, org, invoice.id)) >= MAX_PAYMENTS) {
      throw conflict('limit_reached', `An invoice takes at most ${MAX_PAYMENTS} payments`);
    }
    await store.insertPayment(tx, {
      id: newId(),
      organizationId: org,
      invoiceId: invoice.id,
      amountMinor: input.amount_minor,
      note: input.note || null,
    });
    const paid = invoice.amountPaidMinor + input.amount_minor;
    await store.update(tx, org, invoice.id, {
      amountPaidMinor: paid,
      ...(paid === invoice.totalMinor ? { status: 'paid', paidAt: clock.now() } : {}),
    });
  }

  /** A move of the transitions table that changes the status only. */
  const move =
    (from: readonly InvoiceStatus[], to: InvoiceStatus, action: string) =>
    async (tx: Executor, invoice: InvoiceRow) => {
      if (!from.includes(invoice.status as InvoiceStatus)) throw stateConflict(invoice, action);
      // Money received stays on the books: an invoice with payments is written off, never voided.
      if (to === 'void' && invoice.amountPaidMinor > 0) {
        throw conflict('invalid_invoice_state', 'An invoice with payments cannot be voided; mark it uncollectible');
      }
      await store.update(tx, invoice.organizationId, invoice.id, { status: to });
    };

  return {
    /** The caller's organization's invoices (org admins). */
    list: (ctx: RequestContext, query: InvoiceListInput) => page(ctx.organizationId, query),
    get: (ctx: RequestContext, id: string) => view(ctx.organizationId, id),

    /** Operators: any organization's invoices (404 for an unknown organization). */
    async adminList(organizationId: string, query: InvoiceListInput) {
      await requireOrganization(organizationId);
      return page(organizationId, query);
    },

    /** Operators: one invoice of the organization (404 for an unknown organization or another's invoice). */
    async adminGet(organizationId: string, invoiceId: string) {
      await requireOrganization(organizationId);
      return view(organizationId, invoiceId);
    },

    async draft(organizationId: string, input: DraftInvoiceInput) {
      const invoice = await db.transaction((tx) =>
        draftIn(
          tx,
          organizationId,
          { start: input.period_start, end: input.period_end },
          {
            automatic: false,
            notes: input.notes,
          },
        ),
      );
      return view(organizationId, invoice!.id);
    },

    /** The monthly job's draft: at most one automatic invoice per organization and period, whoever runs it. */
    draftMonthly: (organizationId: string, period: BillingPeriod) =>
      db.transaction((tx) => draftIn(tx, organizationId, period, { automatic: true })),

    addLineItem: (organizationId: string, invoiceId: string, input: LineItemInput) =>
      withLocked(organizationId, invoiceId, (tx, invoice) => addLineItem(tx, invoice, input)),
    finalize: (organizationId: string, invoiceId: string) => withLocked(organizationId, invoiceId, finalize),
    recordPayment: (organizationId: string, invoiceId: string, input: PaymentInput) =>
      withLocked(organizationId, invoiceId, (tx, invoice) => recordPayment(tx, invoice, input)),
    void: (organizationId: string, invoiceId: string) =>
      withLocked(organizationId, invoiceId, move(['draft', 'open'], 'void', 'voided')),
    markUncollectible: (organizationId: string, invoiceId: string) =>
      withLocked(organizationId, invoiceId, move(['open'], 'uncollectible', 'marked uncollectible')),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
