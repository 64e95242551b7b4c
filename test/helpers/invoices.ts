import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

/**
 * Money-side fixtures written straight to the database: usage events as the gateway records them, and billing
 * profiles and subscriptions as their own routes (another part of the billing issue) would leave them.
 */
const rowsOf = async <T>(app: TestApp, query: ReturnType<typeof sql>) =>
  ((await app.server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

export const exec = async (app: TestApp, query: ReturnType<typeof sql>) => {
  await app.server.database.db.execute(query);
};

export async function setTimezone(app: TestApp, organizationId: string, timeZone: string) {
  await exec(app, sql`update organizations set primary_timezone = ${timeZone} where id = ${organizationId}`);
}

/** Moves the organization's live subscription to the plan with this slug. */
export async function setPlan(app: TestApp, organizationId: string, slug: string) {
  await exec(
    app,
    sql`update subscriptions set plan_id = (select id from plans where slug = ${slug})
         where organization_id = ${organizationId} and status in ('trialing', 'active', 'past_due')`,
  );
}

export async function cancelSubscription(app: TestApp, organizationId: string) {
  await exec(
    app,
    sql`update subscriptions set status = 'canceled', canceled_at = now()
         where organization_id = ${organizationId} and status in ('trialing', 'active', 'past_due')`,
  );
}

export interface UsageEvent {
  at: string;
  microCents: bigint;
}

export async function insertUsage(app: TestApp, organizationId: string, events: UsageEvent[]) {
  const [version] = await rowsOf<{ id: string }>(app, sql`select id from ai_model_versions order by id limit 1`);
  for (const e of events) {
    await exec(
      app,
      sql`insert into usage_events (id, organization_id, model_version_id, cost_micro_cents, occurred_at)
          values (${randomUUID()}, ${organizationId}, ${version!.id}, ${e.microCents.toString()}::bigint, ${e.at}::timestamptz)`,
    );
  }
}

export interface ProfileFields {
  name: string;
  legal_name: string;
  currency: 'AED' | 'USD';
  payment_terms: 'due_on_receipt' | 'net_15' | 'net_30' | 'net_60';
  is_default: boolean;
  tax_id?: string;
  billing_email?: string;
  address_country?: string;
}

export async function insertProfile(app: TestApp, organizationId: string, p: ProfileFields): Promise<string> {
  const id = randomUUID();
  await exec(
    app,
    sql`insert into billing_profiles (id, organization_id, name, is_default, legal_name, tax_id, billing_email,
                                      address_country, currency, payment_terms, default_payment_method)
        values (${id}, ${organizationId}, ${p.name}, ${p.is_default}, ${p.legal_name}, ${p.tax_id ?? null},
                ${p.billing_email ?? null}, ${p.address_country ?? null}, ${p.currency}, ${p.payment_terms}, 'wire')`,
  );
  return id;
}

export const deleteProfile = (app: TestApp, organizationId: string, id: string) =>
  exec(app, sql`delete from billing_profiles where organization_id = ${organizationId} and id = ${id}`);

export const invoiceRows = (app: TestApp, organizationId: string) =>
  rowsOf<{ id: string; automatic: boolean; period_start: string; period_end: string }>(
    app,
    sql`select id, automatic, period_start::text, period_end::text from invoices where organization_id = ${organizationId}`,
  );

/** Independently of the service: the calendar date of `instant` in `timeZone`, plus `days`. */
export function localDatePlus(instant: Date, timeZone: string, days: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const d = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + days));
  return d.toISOString().slice(0, 10);
}

export async function liveSubscriptionId(app: TestApp, organizationId: string): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    app,
    sql`select id from subscriptions
         where organization_id = ${organizationId} and status in ('trialing', 'active', 'past_due')`,
  );
  return row!.id;
}
