import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMonthlyInvoiceScheduler,
  MONTHLY_INVOICE_JOB,
  type MonthlyInvoiceScheduler,
  monthlyInvoiceDedupeKey,
} from '../src/modules/billing/invoices.job.ts';
import { createInvoicesService } from '../src/modules/billing/invoices.service.ts';
import { enqueue } from '../src/platform/jobs/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/assertions.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { cancelSubscription, insertUsage, invoiceRows, setPlan, setTimezone } from './helpers/invoices.ts';

/**
 * The monthly job: schedulers (as in two worker processes) enqueue one job per organization and month once that
 * month has ended in the organization's timezone, by the app's clock; the app's worker drafts the invoice.
 * Kolkata is UTC+05:30 and Bogotá UTC−05:00 all year, so the test computes their month boundaries itself.
 */
let app: TestApp;
let kolkata: TestOrg;
let bogota: TestOrg;
let canceled: TestOrg;
let schedulers: MonthlyInvoiceScheduler[];

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const ym = (d: Date) => d.toISOString().slice(0, 7);
const lastDay = (monthStart: Date) =>
  new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);

/** The current UTC month (M−2), the next (M−1, wholly in the future) and the one after (M). */
let current: Date;
let next: Date;
let after: Date;

beforeAll(async () => {
  app = await startTestApp();
  [kolkata, bogota, canceled] = await Promise.all([
    createOrgWithAdmin(app),
    createOrgWithAdmin(app),
    createOrgWithAdmin(app),
  ]);
  await setTimezone(app, kolkata.org.id, 'Asia/Kolkata');
  await setPlan(app, kolkata.org.id, 'pro');
  await setTimezone(app, bogota.org.id, 'America/Bogota');
  await cancelSubscription(app, canceled.org.id);
  const now = app.clock.now();
  current = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  after = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  const scheduler = () =>
    createMonthlyInvoiceScheduler({ db: app.server.database.db, clock: app.clock, log: silent, onEnqueued: () => {} });
  schedulers = [scheduler(), scheduler()];
});
afterAll(() => app?.close());

const jobsOf = async (key: string) =>
  (
    (await app.server.database.db.execute(
      sql`select status from jobs where kind = ${MONTHLY_INVOICE_JOB} and dedupe_key = ${key}`,
    )) as unknown as { rows: { status: string }[] }
  ).rows;

const ours = (rows: Awaited<ReturnType<typeof invoiceRows>>) =>
  rows.map((r) => ({ automatic: r.automatic, period: `${r.period_start}..${r.period_end}` }));

const adminInvoices = async (orgId: string) => {
  const res = await app.http.as(app.consoleKey).get(`/v1/admin/organizations/${orgId}/invoices`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

describe('the monthly invoice job', () => {
  it('drafts once per organization and month, when the month has ended in its timezone', async () => {
    const kolkataMonthEnd = Date.parse(`${ym(after)}-01T00:00:00+05:30`);
    const nextPeriod = `${ym(next)}-01..${lastDay(next)}`;
    await insertUsage(app, kolkata.org.id, [
      { at: new Date(Date.parse(`${ym(next)}-01T00:00:00+05:30`) - 1).toISOString(), microCents: 500_000_000n },
      { at: new Date(Date.parse(`${ym(next)}-01T00:00:00+05:30`)).toISOString(), microCents: 2_500_000n },
      { at: new Date(kolkataMonthEnd - 1).toISOString(), microCents: 1_000_000n },
      { at: new Date(kolkataMonthEnd).toISOString(), microCents: 700_000_000n },
    ]);

    // Kolkata's month M−1 has just ended; in Bogotá it is still its last afternoon, so Bogotá's latest ended
    // month is the current one, in which the organization was created.
    app.clock.advanceTo(new Date(kolkataMonthEnd + 60_000));
    const counts = await Promise.all(schedulers.map((s) => s.runOnce()));
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(2);
    for (const [org, start] of [
      [kolkata, next],
      [bogota, current],
    ] as const) {
      const key = monthlyInvoiceDedupeKey(org.org.id, `${ym(start)}-01`);
      await eventually(async () => expect((await jobsOf(key)).map((j) => j.status)).toEqual(['completed']));
    }
    expect(ours(await invoiceRows(app, kolkata.org.id))).toEqual([{ automatic: true, period: nextPeriod }]);
    expect(ours(await invoiceRows(app, bogota.org.id))).toEqual([
      { automatic: true, period: `${ym(current)}-01..${lastDay(current)}` },
    ]);
    expect(await invoiceRows(app, canceled.org.id)).toEqual([]);

    // 2.5 + 1 cents inside the local month: 3.5, rounded half-up once to 4; plus the Pro plan.
    const [invoice] = await adminInvoices(kolkata.org.id);
    expect(invoice).toMatchObject({ status: 'draft', total_usd_minor: 4_904 });
    expect(invoice.line_items.map((l: any) => [l.description, l.amount_minor])).toEqual([
      [`Pro plan, ${ym(next)}-01 to ${lastDay(next)}`, 4_900],
      [`AI usage ${ym(next)}-01 to ${lastDay(next)}`, 4],
    ]);

    // Drafted months are no longer due: later passes enqueue nothing for them.
    const again = await Promise.all(schedulers.map((s) => s.runOnce()));
    expect(again).toEqual([0, 0]);
  });

  it('a duplicate job or a concurrent second delivery finds the invoice there and drafts nothing', async () => {
    const payload = { organization_id: kolkata.org.id, period_start: `${ym(next)}-01`, period_end: lastDay(next) };
    await enqueue(app.server.database.db, { kind: MONTHLY_INVOICE_JOB, payload });
    const invoices = createInvoicesService({ db: app.server.database.db, clock: app.clock });
    const period = { start: payload.period_start, end: payload.period_end };
    const results = await Promise.all([
      invoices.draftMonthly(kolkata.org.id, period),
      invoices.draftMonthly(kolkata.org.id, period),
    ]);
    expect(results).toEqual([null, null]);
    await eventually(async () => {
      const rows = (await app.server.database.db.execute(
        sql`select count(*)::int as n from jobs where kind = ${MONTHLY_INVOICE_JOB} and status <> 'completed'`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(0);
    });
    expect(await invoiceRows(app, kolkata.org.id)).toHaveLength(1);
  });

  it('the next boundary in another timezone drafts that organization only; an operator draft of a period does not block it', async () => {
    // An operator's manual draft of Bogotá's month M−1 is no automatic invoice: the job still drafts its own.
    const manual = await app.http.as(app.consoleKey).post(`/v1/admin/organizations/${bogota.org.id}/invoices`, {
      period_start: `${ym(next)}-01`,
      period_end: lastDay(next),
    });
    expect(manual.status, manual.text).toBe(201);
    app.clock.advanceTo(new Date(Date.parse(`${ym(after)}-01T00:00:00-05:00`) + 60_000));
    await Promise.all(schedulers.map((s) => s.runOnce()));
    await eventually(async () =>
      expect(ours(await invoiceRows(app, bogota.org.id)).filter((r) => r.automatic)).toHaveLength(2),
    );
    const ofNext = ours(await invoiceRows(app, bogota.org.id))
      .filter((r) => r.period.startsWith(ym(next)))
      .sort((a, b) => Number(a.automatic) - Number(b.automatic));
    expect(ofNext).toEqual([
      { automatic: false, period: `${ym(next)}-01..${lastDay(next)}` },
      { automatic: true, period: `${ym(next)}-01..${lastDay(next)}` },
    ]);
    expect(await invoiceRows(app, kolkata.org.id)).toHaveLength(1);
  });
});
