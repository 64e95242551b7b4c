import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { consoleOutsiders } from './helpers/console-roles.ts';
import { createOrgWithAdmin, operatorSession, type TestOrg, unique } from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const PLANS = '/v1/admin/plans';
const FIELDS = [
  'created_at',
  'currency',
  'description',
  'id',
  'is_active',
  'name',
  'price_minor',
  'slug',
  'updated_at',
];

let app: TestApp;
let operator: Client;
let org: TestOrg;
/** Authenticated callers without the console's `billing` section: each gets 403 admin_required. */
let outsiders: { credential: string; code: string }[];

beforeAll(async () => {
  app = await startTestApp();
  operator = app.http.as(await operatorSession(app));
  org = await createOrgWithAdmin(app);
  outsiders = await consoleOutsiders(app, org.admin.token);
});
afterAll(() => app?.close());

const slug = () => unique('plan').toLowerCase();

async function createPlan(body: Record<string, unknown>) {
  const res = await operator.post(PLANS, { slug: slug(), name: 'Team', price_minor: 1_500, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const planBySlug = async (http: Client, path: string, wanted: string) =>
  (await http.get(path)).body.data.find((p: any) => p.slug === wanted);

describe('operator plans', () => {
  it('lists every plan, inactive ones too, cheapest first; GET /v1/plans lists the active ones alone', async () => {
    const hidden = await createPlan({ price_minor: 2_000, is_active: false });
    const all = await operator.get(PLANS);
    expect(all.status, all.text).toBe(200);
    expect(Object.keys(all.body)).toEqual(['data']);
    const slugs = all.body.data.map((p: any) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['free', 'pro', 'enterprise', hidden.slug]));
    const prices = all.body.data.map((p: any) => p.price_minor);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await org.admin.http.get('/v1/plans')).body.data.map((p: any) => p.slug)).not.toContain(hidden.slug);
  });

  it('creates a plan (camelCase or snake_case) with defaults, trimmed, the exact view', async () => {
    const wanted = slug();
    const res = await operator.post(PLANS, {
      slug: wanted,
      name: '  Team  ',
      description: '  For teams  ',
      priceMinor: 1_999,
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      slug: wanted,
      name: 'Team',
      description: 'For teams',
      price_minor: 1_999,
      currency: 'USD',
      is_active: true,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: res.body.created_at,
    });
    expect(await planBySlug(org.admin.http, '/v1/plans', wanted)).toEqual(res.body);
    expect(await planBySlug(operator, PLANS, wanted)).toEqual(res.body);

    const bare = await createPlan({ description: '', price_minor: 0, currency: 'USD', is_active: true });
    expect(bare).toMatchObject({ description: null, price_minor: 0 });
    expect((await createPlan({ description: null })).description).toBeNull();
  });

  it('accepts every bound exactly and refuses one past it with 400 invalid_request', async () => {
    const edge = await createPlan({
      slug: `a${'-'.repeat(48)}9`,
      name: 'n'.repeat(100),
      description: 'd'.repeat(2000),
      price_minor: 1_000_000_000,
    });
    expect(edge).toMatchObject({ slug: `a${'-'.repeat(48)}9`, price_minor: 1_000_000_000 });
    expect((await createPlan({ slug: '0' })).slug).toBe('0');

    const valid = { slug: slug(), name: 'Ok', price_minor: 100 };
    for (const change of [
      { slug: 'a'.repeat(51) },
      { slug: '' },
      { slug: 'Upper' },
      { slug: 'under_score' },
      { slug: 'with space' },
      { slug: 'dot.ted' },
      { slug: 5 },
      { name: '' },
      { name: '   ' },
      { name: 'n'.repeat(101) },
      { description: 'd'.repeat(2001) },
      { price_minor: -1 },
      { price_minor: 1.5 },
      { price_minor: '100' },
      { price_minor: 1_000_000_001 },
      { price_minor: null },
      { currency: 'EUR' },
      { currency: 'usd' },
      { is_active: 'yes' },
      { extra: 1 },
    ]) {
      expectError(await operator.post(PLANS, { ...valid, ...change }), 400, 'invalid_request');
    }
    for (const missing of ['slug', 'name', 'price_minor']) {
      const body: Record<string, unknown> = { ...valid };
      delete body[missing];
      expectError(await operator.post(PLANS, body), 400, 'invalid_request');
    }
    expectError(await operator.post(PLANS, [valid]), 400, 'invalid_request');
    expect((await operator.get(PLANS)).body.data.map((p: any) => p.slug)).not.toContain(valid.slug);
  });

  it('refuses a slug that is taken with 409 duplicate_slug, on create and on PATCH', async () => {
    const first = await createPlan({});
    expectError(await operator.post(PLANS, { slug: first.slug, name: 'Twin', price_minor: 1 }), 409, 'duplicate_slug');
    expectError(await operator.post(PLANS, { slug: 'pro', name: 'Twin', price_minor: 1 }), 409, 'duplicate_slug');
    const second = await createPlan({});
    expectError(await operator.patch(`${PLANS}/${second.id}`, { slug: first.slug }), 409, 'duplicate_slug');
    expect((await planBySlug(operator, PLANS, second.slug)).id).toBe(second.id);
  });

  it('PATCH changes any field, keeps the others, and is strict', async () => {
    const plan = await createPlan({ description: 'Before' });
    const renamed = slug();
    const res = await operator.patch(`${PLANS}/${plan.id}`, {
      slug: renamed,
      name: ' Team Plus ',
      priceMinor: 2_500,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      ...plan,
      slug: renamed,
      name: 'Team Plus',
      price_minor: 2_500,
      updated_at: expect.stringMatching(ISO_MS),
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(plan.updated_at));
    expect((await operator.patch(`${PLANS}/${plan.id}`, { description: '' })).body.description).toBeNull();
    expect((await operator.patch(`${PLANS}/${plan.id}`, { description: 'After' })).body.description).toBe('After');

    for (const body of [
      {},
      { extra: 1 },
      { name: '' },
      { name: null },
      { slug: 'Bad Slug' },
      { price_minor: -5 },
      { currency: 'AED' },
      { is_active: null },
    ]) {
      expectError(await operator.patch(`${PLANS}/${plan.id}`, body), 400, 'invalid_request');
    }
    expectError(await operator.patch(`${PLANS}/${randomId()}`, { name: 'Ghost' }), 404, 'not_found');
    expectError(await operator.patch(`${PLANS}/not-a-uuid`, { name: 'Ghost' }), 404, 'not_found');
    expect(await planBySlug(operator, PLANS, renamed)).toMatchObject({ name: 'Team Plus', description: 'After' });
  });

  it('the free plan keeps its slug (409 plan_slug_fixed); its other fields change', async () => {
    const free = await planBySlug(operator, PLANS, 'free');
    expectError(await operator.patch(`${PLANS}/${free.id}`, { slug: 'gratis' }), 409, 'plan_slug_fixed');
    const renamed = await operator.patch(`${PLANS}/${free.id}`, { slug: 'free', name: 'Starter' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ slug: 'free', name: 'Starter' });
    // New organizations are still subscribed to it.
    const fresh = await createOrgWithAdmin(app);
    expect((await fresh.admin.http.get('/v1/organization/subscription')).body).toMatchObject({
      plan_id: free.id,
      plan_slug: 'free',
      plan_name: 'Starter',
    });
    await operator.patch(`${PLANS}/${free.id}`, { name: 'Free' });
  });

  it('deactivating a plan stops offering it and keeps the subscriptions on it', async () => {
    const plan = await createPlan({});
    const moved = await org.admin.http.post('/v1/organization/subscription/change-plan', { planId: plan.id });
    expect(moved.status, moved.text).toBe(200);

    const off = await operator.patch(`${PLANS}/${plan.id}`, { isActive: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect(await planBySlug(org.admin.http, '/v1/plans', plan.slug)).toBeUndefined();
    expect(await planBySlug(operator, PLANS, plan.slug)).toMatchObject({ is_active: false });

    const kept = await org.admin.http.get('/v1/organization/subscription');
    expect(kept.body).toMatchObject({ id: moved.body.id, plan_id: plan.id, status: 'active' });
    expect((await org.admin.http.get('/v1/organization')).body).toMatchObject({
      plan_id: plan.id,
      subscription_id: moved.body.id,
      subscription_status: 'active',
    });
    // No one moves onto it any more.
    const other = await createOrgWithAdmin(app);
    expectError(
      await other.admin.http.post('/v1/organization/subscription/change-plan', { planId: plan.id }),
      422,
      'validation_error',
    );
    expect((await operator.patch(`${PLANS}/${plan.id}`, { is_active: true })).body.is_active).toBe(true);
    expect((await other.admin.http.post('/v1/organization/subscription/change-plan', { planId: plan.id })).status).toBe(
      200,
    );
  });
});

describe('operator plan route security', () => {
  it('the admin plan routes need the console section billing; nothing refused was written', async () => {
    const plan = await createPlan({});
    const refusedSlug = slug();
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/admin/plans', path: PLANS, forbidden: outsiders });
    await expectRouteSecurity({
      http: app.http,
      route: 'POST /v1/admin/plans',
      path: PLANS,
      body: { slug: refusedSlug, name: 'Refused', price_minor: 1 },
      forbidden: outsiders,
    });
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/admin/plans/:id',
      path: `${PLANS}/${plan.id}`,
      body: { name: 'Refused' },
      forbidden: outsiders,
    });
    const slugs = (await operator.get(PLANS)).body.data.map((p: any) => p.slug);
    expect(slugs).not.toContain(refusedSlug);
    expect(await planBySlug(operator, PLANS, plan.slug)).toMatchObject({ name: 'Team' });
  });
});
