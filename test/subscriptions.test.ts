import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { type OrgAdminRouteCast, operatorSession, orgAdminRouteCast, type TestOrg } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const SUBSCRIPTION = '/v1/organization/subscription';
const CHANGE = `${SUBSCRIPTION}/change-plan`;
const CANCEL = `${SUBSCRIPTION}/cancel`;
const ROW_FIELDS = [
  'billing_source',
  'cancel_at_period_end',
  'canceled_at',
  'created_at',
  'current_period_end',
  'current_period_start',
  'id',
  'organization_id',
  'plan_id',
  'processor_subscription_id',
  'started_at',
  'status',
  'trial_ends_at',
  'updated_at',
];
const FIELDS = [...ROW_FIELDS, 'plan_name', 'plan_slug'].sort();

let app: TestApp;
let operator: Client;
let orgA: TestOrg;
let orgB: TestOrg;
let notAdmins: OrgAdminRouteCast['notAdmins'];
const plans: Record<string, any> = {};

async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  return ((await app.server.database.db.execute(query)) as unknown as { rows: any[] }).rows;
}
const subscriptionsOf = (orgId: string) =>
  rows(sql`select id, plan_id, status, canceled_at from subscriptions where organization_id = ${orgId}
           order by created_at, id`);
const setBillingSource = (subscriptionId: string, source: string) =>
  rows(sql`update subscriptions set billing_source = ${source} where id = ${subscriptionId} returning id`);

beforeAll(async () => {
  app = await startTestApp();
  operator = app.http.as(await operatorSession(app));
  ({ orgA, orgB, notAdmins } = await orgAdminRouteCast(app));
  for (const plan of (await operator.get('/v1/admin/plans')).body.data) plans[plan.slug] = plan;
});
afterAll(() => app?.close());

describe('the organization subscription', () => {
  it('a new organization is on the free plan: the subscription joined with its plan, and GET /v1/organization joins it', async () => {
    const res = await orgA.admin.http.get(SUBSCRIPTION);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      organization_id: orgA.org.id,
      plan_id: plans.free.id,
      plan_name: 'Free',
      plan_slug: 'free',
      status: 'active',
      billing_source: 'manual',
      processor_subscription_id: null,
      trial_ends_at: null,
      started_at: expect.stringMatching(ISO_MS),
      current_period_start: expect.stringMatching(ISO_MS),
      current_period_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    const own = await orgA.admin.http.get('/v1/organization');
    expect(own.body).toMatchObject({
      plan_id: plans.free.id,
      plan_name: 'Free',
      subscription_id: res.body.id,
      subscription_status: 'active',
    });
    expect(own.body).not.toHaveProperty('plan_slug');
    const admin = await operator.get(`/v1/admin/organizations/${orgA.org.id}`);
    expect(admin.body).toMatchObject({ plan_id: plans.free.id, plan_slug: 'free', subscription_id: res.body.id });
  });

  it('change-plan cancels the live row and starts an active one for a month, in one move', async () => {
    const before = (await orgA.admin.http.get(SUBSCRIPTION)).body;
    const res = await orgA.admin.http.post(CHANGE, { planId: plans.pro.id });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toMatchObject({
      organization_id: orgA.org.id,
      plan_id: plans.pro.id,
      plan_name: 'Pro',
      plan_slug: 'pro',
      status: 'active',
      billing_source: 'manual',
      cancel_at_period_end: false,
      canceled_at: null,
    });
    expect(res.body.id).not.toBe(before.id);
    const start = new Date(res.body.current_period_start);
    expect(res.body.started_at).toBe(res.body.current_period_start);
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + 1);
    // A calendar month later (PostgreSQL clamps a month end, e.g. 31 January to 28 February).
    expect(Date.parse(res.body.current_period_end)).toBeLessThanOrEqual(end.getTime());
    expect(Date.parse(res.body.current_period_end) - start.getTime()).toBeGreaterThanOrEqual(28 * 86_400_000);

    expect((await orgA.admin.http.get(SUBSCRIPTION)).body).toEqual(res.body);
    const history = await subscriptionsOf(orgA.org.id);
    expect(history.map((r) => [r.id, r.status])).toEqual([
      [before.id, 'canceled'],
      [res.body.id, 'active'],
    ]);
    // The old row ends at the instant the new one starts.
    expect(new Date(history[0].canceled_at).toISOString()).toBe(res.body.started_at);
    expect((await orgA.admin.http.get('/v1/organization')).body).toMatchObject({
      plan_id: plans.pro.id,
      plan_name: 'Pro',
      subscription_id: res.body.id,
      subscription_status: 'active',
    });
    // The other organization is untouched.
    expect((await orgB.admin.http.get(SUBSCRIPTION)).body.plan_slug).toBe('free');
  });

  it('moving to the current plan is 409 same_plan and changes nothing', async () => {
    const current = (await orgA.admin.http.get(SUBSCRIPTION)).body;
    expectError(await orgA.admin.http.post(CHANGE, { plan_id: current.plan_id }), 409, 'same_plan');
    expect((await orgA.admin.http.get(SUBSCRIPTION)).body).toEqual(current);
  });

  it('a missing, malformed, unknown or inactive planId is 422; an unknown field or no body is 400', async () => {
    const current = (await orgA.admin.http.get(SUBSCRIPTION)).body;
    const inactive = await operator.post('/v1/admin/plans', {
      slug: 'retired',
      name: 'Retired',
      price_minor: 100,
      is_active: false,
    });
    expect(inactive.status, inactive.text).toBe(201);
    for (const body of [
      {},
      { planId: null },
      { planId: '' },
      { planId: 'pro' },
      { planId: 42 },
      { planId: `${plans.enterprise.id}x` },
      { planId: randomId() },
      { planId: inactive.body.id },
    ]) {
      expectError(await orgA.admin.http.post(CHANGE, body), 422, 'validation_error');
    }
    expectError(await orgA.admin.http.post(CHANGE, { planId: plans.enterprise.id, extra: 1 }), 400, 'invalid_request');
    expectError(await orgA.admin.http.post(CHANGE), 400, 'invalid_request');
    expectError(await orgA.admin.http.post(CHANGE, [plans.enterprise.id]), 400, 'invalid_request');
    expect((await orgA.admin.http.get(SUBSCRIPTION)).body).toEqual(current);
  });

  it('a subscription not billed manually is 409 managed_externally on change-plan and cancel', async () => {
    const current = (await orgA.admin.http.get(SUBSCRIPTION)).body;
    await setBillingSource(current.id, 'stripe');
    try {
      expectError(await orgA.admin.http.post(CHANGE, { planId: plans.enterprise.id }), 409, 'managed_externally');
      expectError(await orgA.admin.http.post(CANCEL), 409, 'managed_externally');
      const still = await orgA.admin.http.get(SUBSCRIPTION);
      expect(still.body).toEqual({ ...current, billing_source: 'stripe' });
    } finally {
      await setBillingSource(current.id, 'manual');
    }
  });

  it('two plan changes racing are serialised: one live row at the end, the loser told same_plan', async () => {
    const [first, second] = await Promise.all([
      orgA.admin.http.post(CHANGE, { planId: plans.enterprise.id }),
      orgA.admin.http.post(CHANGE, { planId: plans.enterprise.id }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.code).toBe('same_plan');
    const live = (await subscriptionsOf(orgA.org.id)).filter((r) => r.status !== 'canceled');
    expect(live).toHaveLength(1);
    expect(live[0].plan_id).toBe(plans.enterprise.id);
  });

  it('cancel answers the bare row; then there is no live subscription, and change-plan subscribes again', async () => {
    const current = (await orgA.admin.http.get(SUBSCRIPTION)).body;
    const res = await orgA.admin.http.post(CANCEL);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ROW_FIELDS);
    expect(res.body).toEqual({
      ...Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('plan_') || key === 'plan_id')),
      status: 'canceled',
      canceled_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });

    expectError(await orgA.admin.http.get(SUBSCRIPTION), 404, 'not_found');
    expectError(await orgA.admin.http.post(CANCEL), 404, 'not_found');
    expect((await orgA.admin.http.get('/v1/organization')).body).toMatchObject({
      plan_id: null,
      plan_name: null,
      subscription_id: null,
      subscription_status: null,
    });
    expect((await operator.get(`/v1/admin/organizations/${orgA.org.id}`)).body.plan_slug).toBeNull();

    // With none live, the previous plan is no "same plan": choosing any active plan subscribes again.
    const again = await orgA.admin.http.post(CHANGE, { planId: current.plan_id });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ plan_id: current.plan_id, status: 'active', canceled_at: null });
    const history = await subscriptionsOf(orgA.org.id);
    expect(history.filter((r) => r.status !== 'canceled').map((r) => r.id)).toEqual([again.body.id]);
    expect((await orgA.admin.http.get('/v1/organization')).body.subscription_id).toBe(again.body.id);
  });
});

describe('subscription route security', () => {
  it('every route is for org admins: member sessions, member keys and the web key get 403', async () => {
    const before = (await orgB.admin.http.get(SUBSCRIPTION)).body;

    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/subscription',
      path: SUBSCRIPTION,
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/subscription/change-plan',
      path: CHANGE,
      body: { planId: plans.pro.id },
      forbidden: notAdmins,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/organization/subscription/cancel',
      path: CANCEL,
      forbidden: notAdmins,
    });
    // The routes name no id: each organization reaches only its own subscription.
    expect((await orgB.admin.http.get(SUBSCRIPTION)).body).toEqual(before);
  });
});
