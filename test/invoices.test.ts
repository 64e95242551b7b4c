import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS } from './helpers/assertions.ts';
import { createOrgWithAdmin, operatorSession, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import {
  cancelSubscription,
  deleteProfile,
  insertProfile,
  insertUsage,
  liveSubscriptionId,
  localDatePlus,
  setPlan,
  setTimezone,
  type UsageEvent,
} from './helpers/invoices.ts';
import { randomId } from './helpers/security.ts';

let app: TestApp;
let operator: Client;
let orgA: TestOrg;
let orgB: TestOrg;

const adminBase = (orgId: string) => `/v1/admin/organizations/${orgId}/invoices`;
const OCTOBER = { period_start: '2026-10-01', period_end: '2026-10-31' };

beforeAll(async () => {
  app = await startTestApp();
  operator = app.http.as(await operatorSession(app));
  [orgA, orgB] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
  await setTimezone(app, orgA.org.id, 'Asia/Kolkata');
  await setPlan(app, orgA.org.id, 'pro');
});
afterAll(() => app?.close());

async function draft(orgId: string, body: object = OCTOBER) {
  const res = await operator.post(adminBase(orgId), body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function act(orgId: string, invoiceId: string, action: string, body?: object) {
  return operator.post(`${adminBase(orgId)}/${invoiceId}/${action}`, body);
}
async function ok(orgId: string, invoiceId: string, action: string, body?: object) {
  const res = await act(orgId, invoiceId, action, body);
  expect(res.status, res.text).toBe(action === 'line-items' || action === 'payments' ? 201 : 200);
  return res.body;
}

/** Asia/Kolkata is UTC+05:30 all year: October 2026 there is [Sep 30 18:30Z, Oct 31 18:30Z). */
const KOLKATA_USAGE: UsageEvent[] = [
  { at: '2026-09-30T18:29:59.999Z', microCents: 999_000_000n },
  { at: '2026-09-30T18:30:00.000Z', microCents: 1_400_000n },
  { at: '2026-10-15T12:00:00.000Z', microCents: 1_400_000n },
  { at: '2026-10-31T18:29:59.999Z', microCents: 10_000_700_000n },
  { at: '2026-10-31T18:30:00.000Z', microCents: 999_000_000n },
];

/** The test's own reckoning: events within the local month, summed exactly, rounded half-up once. */
function expectedUsageCents(events: UsageEvent[]): number {
  const from = Date.parse('2026-10-01T00:00:00+05:30');
  const until = Date.parse('2026-11-01T00:00:00+05:30');
  const micro = events
    .filter((e) => Date.parse(e.at) >= from && Date.parse(e.at) < until)
    .reduce((sum, e) => sum + e.microCents, 0n);
  return Math.floor(Number(micro) / 1_000_000 + 0.5);
}

describe('drafting', () => {
  it('drafts the plan price once and the usage of the local month, rounded half-up once', async () => {
    await insertUsage(app, orgA.org.id, KOLKATA_USAGE);
    await insertUsage(app, orgB.org.id, [{ at: '2026-10-10T00:00:00Z', microCents: 55_000_000n }]);
    const usage = expectedUsageCents(KOLKATA_USAGE);
    // Rounded per event it would be 1 + 1 + 10001 = 10003: the sum is rounded once.
    expect(usage).toBe(10_004);
    const invoice = await draft(orgA.org.id, { ...OCTOBER, notes: ' October ' });
    expect(invoice).toMatchObject({
      organization_id: orgA.org.id,
      billing_profile_id: null,
      status: 'draft',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      total_usd_minor: 4_900 + usage,
      total_minor: 4_900 + usage,
      currency: 'USD',
      fx_rate: null,
      due_date: null,
      issued_at: null,
      paid_at: null,
      billing_snapshot: null,
      subscription_snapshot: null,
      amount_paid_minor: 0,
      amount_due_minor: 4_900 + usage,
      payments: [],
      notes: 'October',
    });
    expect(invoice.subscription_id).toBe(await liveSubscriptionId(app, orgA.org.id));
    expect(invoice.line_items.map(({ id, ...l }: any) => l)).toEqual([
      { description: 'Pro plan, 2026-10-01 to 2026-10-31', amount_minor: 4_900, currency: 'USD' },
      { description: 'AI usage 2026-10-01 to 2026-10-31', amount_minor: 10_004, currency: 'USD' },
    ]);
    expect(invoice.created_at).toMatch(ISO_MS);
    expect(Object.keys(invoice).sort()).toEqual(
      [
        'id',
        'organization_id',
        'subscription_id',
        'billing_profile_id',
        'status',
        'period_start',
        'period_end',
        'total_usd_minor',
        'total_minor',
        'currency',
        'fx_rate',
        'due_date',
        'issued_at',
        'paid_at',
        'billing_snapshot',
        'subscription_snapshot',
        'amount_paid_minor',
        'amount_due_minor',
        'payments',
        'line_items',
        'notes',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('drafts without a plan line when no subscription is live (the last month after a cancel)', async () => {
    const org = await createOrgWithAdmin(app);
    await insertUsage(app, org.org.id, [{ at: '2026-10-02T00:00:00Z', microCents: 2_500_000n }]);
    await cancelSubscription(app, org.org.id);
    const invoice = await draft(org.org.id);
    expect(invoice.subscription_id).toBeNull();
    expect(invoice.line_items.map((l: any) => [l.description, l.amount_minor])).toEqual([
      ['AI usage 2026-10-01 to 2026-10-31', 3],
    ]);
  });

  it('refuses bad periods and unknown organizations', async () => {
    for (const body of [
      { period_start: '2026-10-31', period_end: '2026-10-01' },
      { period_start: '2026-01-01', period_end: '2027-01-02' },
      { period_start: '2026-02-30', period_end: '2026-03-01' },
      { period_start: '2026-10-01' },
      { period_start: '20261001', period_end: '2026-10-31' },
      { ...OCTOBER, extra: true },
      { ...OCTOBER, notes: 'n'.repeat(2001) },
    ]) {
      expectError(await operator.post(adminBase(orgA.org.id), body), 400, 'invalid_request');
    }
    // 366 inclusive days is the longest period.
    await draft(orgB.org.id, { period_start: '2028-01-01', period_end: '2028-12-31' });
    expectError(await operator.post(adminBase(randomId()), OCTOBER), 404, 'not_found');
    expectError(await operator.get(adminBase(randomId())), 404, 'not_found');
  });
});

describe('lines, issue and payments', () => {
  it('adds lines and credits to a draft, bounded, never below zero', async () => {
    const invoice = await draft(orgB.org.id);
    const base = invoice.total_usd_minor;
    const added = await ok(orgB.org.id, invoice.id, 'line-items', { description: ' Setup ', amount_minor: 1_000 });
    expect(added.line_items.at(-1)).toMatchObject({ description: 'Setup', amount_minor: 1_000, currency: 'USD' });
    expect(added.total_usd_minor).toBe(base + 1_000);
    const credited = await ok(orgB.org.id, invoice.id, 'line-items', { description: 'Credit', amountMinor: -400 });
    expect(credited.total_usd_minor).toBe(base + 600);
    expect(credited.amount_due_minor).toBe(base + 600);
    for (const body of [
      { description: '', amount_minor: 1 },
      { description: 'x'.repeat(501), amount_minor: 1 },
      { description: 'Zero', amount_minor: 0 },
      { description: 'Half', amount_minor: 1.5 },
      { description: 'Huge', amount_minor: 10_000_000_001 },
      { description: 'Missing' },
      { description: 'Below zero', amount_minor: -(base + 601) },
    ]) {
      expectError(await act(orgB.org.id, invoice.id, 'line-items', body), 400, 'invalid_request');
    }
    expectError(await act(orgB.org.id, randomId(), 'line-items', { description: 'x', amount_minor: 1 }), 404);
  });

  it('issues in AED at the peg, half-up, due per the terms in the local calendar, with snapshots', async () => {
    const profileId = await insertProfile(app, orgA.org.id, {
      name: 'HQ',
      legal_name: 'Org A FZ-LLC',
      currency: 'AED',
      payment_terms: 'net_30',
      is_default: true,
      tax_id: '100200300400003',
      billing_email: 'ap@org-a.test',
      address_country: 'AE',
    });
    const invoice = await draft(orgA.org.id);
    // 14,904 + 596 − 100 = 15,400 US cents; × 3.6725 = 56,556.5 fils: half-up 56,557 (half-even would say 56,556).
    await ok(orgA.org.id, invoice.id, 'line-items', { description: 'Onboarding', amount_minor: 596 });
    await ok(orgA.org.id, invoice.id, 'line-items', { description: 'Goodwill credit', amount_minor: -100 });
    const issued = await ok(orgA.org.id, invoice.id, 'finalize');
    expect(issued).toMatchObject({
      status: 'open',
      billing_profile_id: profileId,
      total_usd_minor: 15_400,
      total_minor: 56_557,
      currency: 'AED',
      fx_rate: '3.6725',
      amount_paid_minor: 0,
      amount_due_minor: 56_557,
      paid_at: null,
      due_date: localDatePlus(new Date(issued.issued_at), 'Asia/Kolkata', 30),
      billing_snapshot: {
        id: profileId,
        name: 'HQ',
        legal_name: 'Org A FZ-LLC',
        tax_id: '100200300400003',
        billing_email: 'ap@org-a.test',
        address_country: 'AE',
        currency: 'AED',
        payment_terms: 'net_30',
        default_payment_method: 'wire',
      },
      subscription_snapshot: {
        id: invoice.subscription_id,
        plan_slug: 'pro',
        plan_price_minor: 4_900,
        status: 'active',
      },
    });
    expect(Math.abs(Date.parse(issued.issued_at) - app.clock.now().getTime())).toBeLessThan(60_000);
    expect(issued.line_items.every((l: any) => l.currency === 'USD')).toBe(true);

    // Partial payment, an overpayment refused, then settled.
    const partial = await ok(orgA.org.id, invoice.id, 'payments', { amount_minor: 50_000, note: 'wire 1' });
    expect(partial).toMatchObject({ status: 'open', amount_paid_minor: 50_000, amount_due_minor: 6_557 });
    expect(partial.payments).toEqual([
      { id: expect.any(String), amount_minor: 50_000, note: 'wire 1', created_at: expect.stringMatching(ISO_MS) },
    ]);
    expectError(
      await act(orgA.org.id, invoice.id, 'payments', { amount_minor: 6_558 }),
      409,
      'payment_exceeds_amount_due',
    );
    for (const body of [{ amount_minor: 0 }, { amount_minor: -5 }, { amount_minor: 2.5 }, {}]) {
      expectError(await act(orgA.org.id, invoice.id, 'payments', body), 400, 'invalid_request');
    }
    const paid = await ok(orgA.org.id, invoice.id, 'payments', { amount_minor: 6_557 });
    expect(paid).toMatchObject({ status: 'paid', amount_paid_minor: 56_557, amount_due_minor: 0 });
    expect(paid.paid_at).toMatch(ISO_MS);
    expect(paid.payments.map((p: any) => p.amount_minor)).toEqual([50_000, 6_557]);

    // The profile goes; the invoice keeps what it was issued to.
    await deleteProfile(app, orgA.org.id, profileId);
    const after = await orgA.admin.http.get(`/v1/organization/invoices/${invoice.id}`);
    expect(after.status, after.text).toBe(200);
    expect(after.body.billing_profile_id).toBeNull();
    expect(after.body.billing_snapshot).toEqual(paid.billing_snapshot);
    expect(after.body.subscription_snapshot).toEqual(paid.subscription_snapshot);
  });

  it('issues in USD, due on receipt, without a profile; a zero invoice is settled as it is issued', async () => {
    const org = await createOrgWithAdmin(app);
    await setTimezone(app, org.org.id, 'Pacific/Kiritimati');
    await insertUsage(app, org.org.id, [{ at: '2026-10-05T00:00:00Z', microCents: 123_456_789n }]);
    const invoice = await draft(org.org.id);
    const issued = await ok(org.org.id, invoice.id, 'finalize');
    expect(issued).toMatchObject({ status: 'open', currency: 'USD', fx_rate: '1', total_minor: 123 });
    expect(issued).toMatchObject({ billing_profile_id: null, billing_snapshot: null });
    expect(issued.due_date).toBe(localDatePlus(new Date(issued.issued_at), 'Pacific/Kiritimati', 0));

    const empty = await draft(org.org.id, { period_start: '2026-09-01', period_end: '2026-09-30' });
    expect(empty.total_usd_minor).toBe(0);
    const settled = await ok(org.org.id, empty.id, 'finalize');
    expect(settled).toMatchObject({ status: 'paid', total_minor: 0, amount_due_minor: 0, paid_at: settled.issued_at });
  });

  it('concurrent payments never overpay: the row lock lets them settle the invoice exactly once', async () => {
    const invoice = await draft(orgB.org.id, { period_start: '2026-08-01', period_end: '2026-08-31' });
    await ok(orgB.org.id, invoice.id, 'line-items', { description: 'Services', amount_minor: 10_000 });
    const issued = await ok(orgB.org.id, invoice.id, 'finalize');
    const half = issued.total_minor / 2;
    expect(Number.isInteger(half)).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => act(orgB.org.id, invoice.id, 'payments', { amount_minor: half })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 201)) {
      expectError(r, 409);
      expect(['payment_exceeds_amount_due', 'invalid_invoice_state']).toContain(r.body.code);
    }
    const final = await operator.get(`${adminBase(orgB.org.id)}?status=paid&limit=100`);
    const row = final.body.data.find((i: any) => i.id === invoice.id);
    expect(row).toMatchObject({ status: 'paid', amount_paid_minor: issued.total_minor, amount_due_minor: 0 });
    expect(row.payments).toHaveLength(2);
  });
});

describe('transitions', () => {
  /** An invoice of orgB moved to `status` through the routes. */
  async function inState(status: string): Promise<string> {
    const invoice = await draft(orgB.org.id, { period_start: '2026-07-01', period_end: '2026-07-31' });
    await ok(orgB.org.id, invoice.id, 'line-items', { description: 'Fee', amount_minor: 1_000 });
    if (status === 'draft') return invoice.id;
    if (status === 'void') return (await ok(orgB.org.id, invoice.id, 'void')).id;
    await ok(orgB.org.id, invoice.id, 'finalize');
    if (status === 'paid') await ok(orgB.org.id, invoice.id, 'payments', { amount_minor: 1_000 });
    if (status === 'uncollectible') await ok(orgB.org.id, invoice.id, 'mark-uncollectible');
    return invoice.id;
  }
  const line = { description: 'Late', amount_minor: 5 };
  const illegal: Record<string, [string, object?][]> = {
    draft: [['payments', { amount_minor: 1 }], ['mark-uncollectible']],
    open: [['line-items', line], ['finalize']],
    paid: [['line-items', line], ['finalize'], ['payments', { amount_minor: 1 }], ['void'], ['mark-uncollectible']],
    void: [['line-items', line], ['finalize'], ['payments', { amount_minor: 1 }], ['void'], ['mark-uncollectible']],
    uncollectible: [['line-items', line], ['finalize'], ['void'], ['mark-uncollectible']],
  };

  for (const [status, actions] of Object.entries(illegal)) {
    it(`refuses every other move of a ${status} invoice with 409 invalid_invoice_state`, async () => {
      const id = await inState(status);
      for (const [action, body] of actions) {
        const res = await act(orgB.org.id, id, action, body);
        expectError(res, 409, 'invalid_invoice_state');
      }
      const res = await orgB.admin.http.get(`/v1/organization/invoices/${id}`);
      expect(res.body.status).toBe(status);
    });
  }

  it('voids drafts and unpaid open invoices; an invoice with payments is written off instead, and may still be paid', async () => {
    expect((await ok(orgB.org.id, await inState('draft'), 'void')).status).toBe('void');
    expect((await ok(orgB.org.id, await inState('open'), 'void')).status).toBe('void');
    const partial = await inState('open');
    await ok(orgB.org.id, partial, 'payments', { amount_minor: 400 });
    expectError(await act(orgB.org.id, partial, 'void'), 409, 'invalid_invoice_state');
    expect((await ok(orgB.org.id, partial, 'mark-uncollectible')).status).toBe('uncollectible');
    const settled = await ok(orgB.org.id, partial, 'payments', { amount_minor: 600 });
    expect(settled).toMatchObject({ status: 'paid', amount_paid_minor: 1_000 });
  });

  it("answers 404 for another organization's invoice on every operator route", async () => {
    const id = await inState('draft');
    for (const [action, body] of [
      ['line-items', line],
      ['finalize'],
      ['payments', { amount_minor: 1 }],
      ['void'],
      ['mark-uncollectible'],
    ] as const) {
      expectError(await act(orgA.org.id, id, action, body), 404, 'not_found');
    }
  });
});
