import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/assertions.ts';
import { addUser, createOrgWithAdmin, createServiceAccountWithKey, type TestOrg, unique } from './helpers/fixtures.ts';
import { expectRouteSecurity } from './helpers/security.ts';

let app: TestApp;
let orgA: TestOrg;

const ORGANIZATION_FIELDS = [
  'created_at',
  'deleted_at',
  'id',
  'industry',
  'is_suspended',
  'is_system',
  'name',
  'plan_id',
  'plan_name',
  'policy_overrides',
  'primary_language',
  'primary_timezone',
  'subscription_id',
  'subscription_status',
  'updated_at',
  'user_count',
];

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createOrgWithAdmin(app);
});
afterAll(() => app?.close());

describe('GET /v1/organization', () => {
  it("returns the caller's organization row without admin-only fields", async () => {
    const res = await orgA.admin.http.get('/v1/organization');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ORGANIZATION_FIELDS);
    expect(res.body).toMatchObject({ id: orgA.org.id, name: orgA.org.name, plan_name: 'Free', user_count: 1 });
  });

  it('is for org admins only', async () => {
    const member = await addUser(app, orgA.admin.http);
    const memberKey = await createServiceAccountWithKey(orgA.admin.http, 'member');
    const adminKey = await createServiceAccountWithKey(orgA.admin.http, 'admin');
    expect((await app.http.as(adminKey.key).get('/v1/organization')).body.id).toBe(orgA.org.id);
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization',
      path: '/v1/organization',
      forbidden: [
        { credential: member.token, code: 'forbidden' },
        { credential: memberKey.key, code: 'forbidden' },
      ],
    });
  });
});

describe('PATCH /v1/organization', () => {
  it('updates the profile and replaces policy overrides wholesale', async () => {
    const org = await createOrgWithAdmin(app);
    const res = await org.admin.http.patch('/v1/organization', {
      name: unique('Renamed'),
      industry: 'Legal',
      primaryLanguage: 'de',
      primaryTimezone: 'Europe/Berlin',
      policyOverrides: { artifact_generation_mode: 'generators' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      industry: 'Legal',
      primary_language: 'de',
      primary_timezone: 'Europe/Berlin',
      policy_overrides: { artifact_generation_mode: 'generators' },
    });
    const cleared = await org.admin.http.patch('/v1/organization', { industry: null, policy_overrides: {} });
    expect(cleared.body).toMatchObject({ industry: null, policy_overrides: {} });
    const viaConsole = await app.http.as(app.consoleKey).get(`/v1/admin/organizations/${org.org.id}`);
    expect(viaConsole.body.primary_timezone).toBe('Europe/Berlin');
  });

  it('422s invalid values, 400s unknown fields, 409s a taken name', async () => {
    for (const body of [
      { name: '' },
      { industry: 'x'.repeat(201) },
      { primaryLanguage: 'e' },
      { primaryLanguage: 'x'.repeat(21) },
      { primaryTimezone: 'Atlantis/Capital' },
      { policyOverrides: { artifact_generation_mode: 'magic' } },
    ]) {
      expectError(await orgA.admin.http.patch('/v1/organization', body), 422, 'validation_error');
    }
    expectError(await orgA.admin.http.patch('/v1/organization', { isSuspended: false }), 400, 'invalid_request');
    const other = await createOrgWithAdmin(app);
    expectError(await orgA.admin.http.patch('/v1/organization', { name: other.org.name }), 409, 'duplicate_name');
  });

  it('is for org admins only', async () => {
    const member = await addUser(app, orgA.admin.http);
    await expectRouteSecurity({
      http: app.http,
      route: 'PATCH /v1/organization',
      path: '/v1/organization',
      body: { industry: 'x' },
      forbidden: [{ credential: member.token, code: 'forbidden' }],
    });
  });
});

describe('GET /v1/plans', () => {
  it('lists the active plans cheapest first to any credential', async () => {
    const member = await addUser(app, orgA.admin.http);
    const res = await member.http.get('/v1/plans');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: any) => p.slug).sort()).toEqual(['enterprise', 'free', 'pro']);
    expect(res.body.data.find((p: any) => p.slug === 'pro')).toMatchObject({ price_minor: 4900, currency: 'USD' });
    await expectRouteSecurity({ http: app.http, route: 'GET /v1/plans', path: '/v1/plans' });
  });
});
