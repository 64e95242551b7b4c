import { and, asc, count, desc, eq, getTableColumns, getTableName, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  invoiceLineItems,
  invoicePayments,
  invoices,
  organizations,
  plans,
  subscriptions,
  usageEvents,
} from '../../platform/db/schema/index.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import type { InvoiceStatus } from './invoices.schemas.ts';
import { LIVE_STATUSES } from './subscriptions.store.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceChanges = Partial<Omit<InvoiceRow, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>>;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export interface LineItemJson {
  id: string;
  description: string;
  amount_minor: number;
  currency: string;
}
export interface PaymentJson {
  id: string;
  amount_minor: number;
  note: string | null;
  created_at: string;
}
/** An invoice with its lines and payments, read in the same statement (no query per invoice of a page). */
export type InvoiceWithItems = InvoiceRow & { lineItems: LineItemJson[]; payments: PaymentJson[] };

/** The outer invoice, qualified: inside a select list Drizzle writes a column unqualified, which `l` would capture. */
const outer = sql`${sql.identifier(getTableName(invoices))}`;

const lineItemsJson = sql<LineItemJson[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'description', l.description, 'amount_minor', l.amount_minor,
                                    'currency', l.currency) order by l.created_at, l.id)
    from ${invoiceLineItems} l
   where l.organization_id = ${outer}.organization_id and l.invoice_id = ${outer}.id), '[]'::json)`;

const paymentsJson = sql<PaymentJson[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'amount_minor', p.amount_minor, 'note', p.note,
                                    'created_at', p.created_at) order by p.created_at, p.id)
    from ${invoicePayments} p
   where p.organization_id = ${outer}.organization_id and p.invoice_id = ${outer}.id), '[]'::json)`;

const withItems = { ...getTableColumns(invoices), lineItems: lineItemsJson, payments: paymentsJson };

/** The predicate of the partial unique index `invoices_monthly_idx` (ON CONFLICT must name it to use that index). */
const AUTOMATIC_ONLY = sql`${invoices.automatic}`;

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(invoices.organizationId, organizationId), eq(invoices.id, id));

export const invoicesStore = {
  /** Newest first; keyset on (created_at, id). */
  page(
    db: Executor,
    organizationId: string,
    filter: { status?: InvoiceStatus | undefined; cursor: Cursor | null; limit: number },
  ): Promise<InvoiceWithItems[]> {
    const { status, cursor, limit } = filter;
    return db
      .select(withItems)
      .from(invoices)
      .where(
        and(
          eq(invoices.organizationId, organizationId),
          status ? eq(invoices.status, status) : undefined,
          cursor
            ? sql`(${invoices.createdAt}, ${invoices.id}) < (${new Date(cursor.v)}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit + 1);
  },

  async find(db: Executor, organizationId: string, id: string): Promise<InvoiceWithItems | null> {
    const [row] = await db.select(withItems).from(invoices).where(ofOrganization(organizationId, id));
    return row ?? null;
  },

  /** The invoice, locked until the caller's transaction ends: its state moves one at a time. */
  async lock(tx: Executor, organizationId: string, id: string): Promise<InvoiceRow | null> {
    const [row] = await tx.select().from(invoices).where(ofOrganization(organizationId, id)).for('update');
    return row ?? null;
  },

  async update(tx: Executor, organizationId: string, id: string, changes: InvoiceChanges): Promise<void> {
    await tx
      .update(invoices)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(ofOrganization(organizationId, id));
  },

  /**
   * Inserts the invoice; an automatic one whose organization and period already have one inserts nothing
   * (the partial unique index) and answers null.
   */
  async insert(tx: Executor, row: typeof invoices.$inferInsert): Promise<InvoiceRow | null> {
    const insert = tx.insert(invoices).values(row);
    const [inserted] = await (row.automatic
      ? insert.onConflictDoNothing({
          target: [invoices.organizationId, invoices.periodStart, invoices.periodEnd],
          where: AUTOMATIC_ONLY,
        })
      : insert
    ).returning();
    return inserted ?? null;
  },

  insertLineItem: async (tx: Executor, row: typeof invoiceLineItems.$inferInsert) => {
    await tx.insert(invoiceLineItems).values(row);
  },

  insertPayment: async (tx: Executor, row: typeof invoicePayments.$inferInsert) => {
    await tx.insert(invoicePayments).values(row);
  },

  /** How many lines the invoice has and their sum (USD minor units). */
  async lineTotals(tx: Executor, organizationId: string, invoiceId: string): Promise<{ n: number; sum: number }> {
    const [row] = await tx
      .select({ n: count(), sum: sql<string>`coalesce(sum(${invoiceLineItems.amountMinor}), 0)` })
      .from(invoiceLineItems)
      .where(and(eq(invoiceLineItems.organizationId, organizationId), eq(invoiceLineItems.invoiceId, invoiceId)));
    return { n: row?.n ?? 0, sum: Number(row?.sum ?? 0) };
  },

  async paymentCount(tx: Executor, organizationId: string, invoiceId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.organizationId, organizationId), eq(invoicePayments.invoiceId, invoiceId)));
    return row?.n ?? 0;
  },

  /** The organization's timezone (null when there is no such organization). */
  async timezoneOf(db: Executor, organizationId: string): Promise<string | null> {
    const [row] = await db
      .select({ tz: organizations.primaryTimezone })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row?.tz ?? null;
  },

  async subscription(
    db: Executor,
    organizationId: string,
    id: string,
  ): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | null> {
    const [row] = await db
      .select({ subscription: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.organizationId, organizationId), eq(subscriptions.id, id)));
    return row ?? null;
  },

  /** The exact cost (micro-cents) of the usage in [periodStart, periodEnd], dates in `timeZone`. */
  async usageMicroCents(
    db: Executor,
    organizationId: string,
    period: { start: string; end: string; timeZone: string },
  ): Promise<bigint> {
    const from = sql`(${period.start}::date::timestamp at time zone ${period.timeZone})`;
    const until = sql`((${period.end}::date + 1)::timestamp at time zone ${period.timeZone})`;
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${usageEvents.costMicroCents}), 0)::text` })
      .from(usageEvents)
      .where(
        and(
          eq(usageEvents.organizationId, organizationId),
          sql`${usageEvents.occurredAt} >= ${from}`,
          sql`${usageEvents.occurredAt} < ${until}`,
        ),
      );
    return BigInt(row?.total ?? '0');
  },

  /**
   * The monthly job's worklist, across organizations: live, non-system organizations with a live subscription
   * whose previous calendar month (in their timezone, at `now`) has ended after they were created and has no
   * automatic invoice yet. Keyset on the organization id, `limit` at a time.
   */
  async dueMonthly(
    db: Executor,
    now: Date,
    afterOrganizationId: string | null,
    limit: number,
  ): Promise<{ organizationId: string; periodStart: string; periodEnd: string }[]> {
    const monthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${organizations.primaryTimezone})::date`;
    const periodStart = sql<string>`(${monthStart} - interval '1 month')::date::text`;
    const periodEnd = sql<string>`(${monthStart} - 1)::text`;
    return db
      .select({ organizationId: organizations.id, periodStart, periodEnd })
      .from(organizations)
      .innerJoin(
        subscriptions,
        and(eq(subscriptions.organizationId, organizations.id), inArray(subscriptions.status, [...LIVE_STATUSES])),
      )
      .where(
        and(
          eq(organizations.isSystem, false),
          sql`${organizations.deletedAt} is null`,
          sql`${organizations.createdAt} < (${monthStart}::timestamp at time zone ${organizations.primaryTimezone})`,
          afterOrganizationId ? gt(organizations.id, afterOrganizationId) : undefined,
          sql`not exists (select 1 from ${invoices} i
                           where i.organization_id = ${organizations.id} and i.automatic
                             and i.period_start = (${monthStart} - interval '1 month')::date)`,
        ),
      )
      .orderBy(asc(organizations.id))
      .limit(limit);
  },
};
