import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimitsService } from '../src/modules/billing/limits.service.ts';
import { OFFLINE_VERSION_ID } from '../src/platform/models/index.ts';
import { createAgent } from './helpers/agents.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, UUID } from './helpers/assertions.ts';
import { consoleOutsiders } from './helpers/console-roles.ts';
import {
  addUser,
  createOrgWithAdmin,
  createServiceAccountWithKey,
  type OrgUser,
  type TestOrg,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const OWN = '/v1/organization/spend-limits';
const limitsPath = (orgId: string) => `/v1/admin/organizations/${orgId}/spend-limits`;
const ROW_FIELDS = [
  'amount_minor',
  'id',
  'label',
  'percent_used',
  'remaining_minor',
  'scope',
  'scope_id',
  'spent_minor',
];

let app: TestApp;
/** The console key: an operator credential that does not expire when the test clock moves. */
let operator: Client;

interface UsageRow {
  at: Date;
  cost: bigint;
  userId?: string | null;
  agentId?: string | null;
  departmentId?: string | null;
}

async function insertUsage(orgId: string, rows: UsageRow[]) {
  for (const r of rows) {
    await app.server.database.db.execute(sql`
      insert into usage_events (id, organization_id, user_id, agent_id, department_id, model_version_id,
                                cost_micro_cents, occurred_at)
      values (${randomUUID()}, ${orgId}, ${r.userId ?? null}, ${r.agentId ?? null}, ${r.departmentId ?? null},
              ${OFFLINE_VERSION_ID}, ${r.cost.toString()}::bigint, ${r.at.toISOString()}::timestamptz)`);
  }
}

async function addLimit(orgId: string, body: Record<string, unknown>) {
  const res = await operator.post(limitsPath(orgId), body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function department(org: TestOrg, name: string, parentId: string | null = null) {
  const res = await org.admin.http.post('/v1/organization/departments', { name, parent_department_id: parentId });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The calendar month (`YYYY-MM`) of an instant in a timezone, computed apart from the service. */
function monthIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(at);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
}

const roundHalfUp = (micro: bigint) => Number((micro + 500_000n) / 1_000_000n);
const percent = (spent: number, amount: number) => (amount === 0 ? 100 : Math.round((spent * 1000) / amount) / 10);

function expected(limit: any, spentMicro: bigint) {
  const spent = roundHalfUp(spentMicro);
  return {
    ...limit,
    spent_minor: spent,
    remaining_minor: Math.max(0, limit.amount_minor - spent),
    percent_used: percent(spent, limit.amount_minor),
  };
}

beforeAll(async () => {
  app = await startTestApp();
  operator = app.http.as(app.consoleKey);
});
afterAll(() => app?.close());

describe('the spend-limit view', () => {
  it("answers this month's exact spend per scope, a department's including its sub-departments", async () => {
    const tz = 'Asia/Kolkata';
    const org = await createOrgWithAdmin(app);
    expect((await org.admin.http.patch('/v1/organization', { primary_timezone: tz })).status).toBe(200);
    const eng = await department(org, 'Engineering');
    const platform = await department(org, 'Platform', eng.id);
    const sales = await department(org, 'Sales');
    const ada = org.admin;
    const max = await addUser(app, org.admin.http, { first_name: 'Max', last_name: 'Member' });
    const agent = await createAgent(ada, { name: 'Researcher' });

    const now = app.clock.now();
    const lastMonth = new Date(now.getTime() - 40 * 86_400_000);
    const rows: UsageRow[] = [];
    // A deterministic spread of fractional-cent costs over scopes, this month and the one before.
    let seed = 11;
    const targets = [
      { userId: ada.user.id, departmentId: platform.id },
      { userId: max.user.id, departmentId: sales.id },
      { userId: ada.user.id, agentId: agent.id, departmentId: eng.id },
      { agentId: agent.id },
      {},
    ];
    for (let i = 0; i < 60; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      const at = i % 4 === 3 ? lastMonth : new Date(now.getTime() - (i % 3) * 60_000);
      rows.push({ at, cost: BigInt(seed % 3_700_000), ...targets[i % targets.length] });
    }
    await insertUsage(org.org.id, rows);

    const limits = {
      organization: await addLimit(org.org.id, { scope: 'organization', amount_minor: 3 }),
      eng: await addLimit(org.org.id, { scope: 'department', scopeId: eng.id, amountMinor: 0 }),
      platform: await addLimit(org.org.id, { scope: 'department', scope_id: platform.id, amount_minor: 100_000 }),
      sales: await addLimit(org.org.id, { scope: 'department', scope_id: sales.id, amount_minor: 7 }),
      user: await addLimit(org.org.id, { scope: 'user', scope_id: max.user.id, amount_minor: 1_000 }),
      agent: await addLimit(org.org.id, { scope: 'agent', scope_id: agent.id, amount_minor: 50 }),
    };
    const month = monthIn(tz, now);
    const inMonth = rows.filter((r) => monthIn(tz, r.at) === month);
    const sum = (pick: (r: UsageRow) => boolean) => inMonth.filter(pick).reduce((s, r) => s + r.cost, 0n);
    const want = [
      expected(
        limits.organization,
        sum(() => true),
      ),
      expected(
        limits.eng,
        sum((r) => r.departmentId === eng.id || r.departmentId === platform.id),
      ),
      expected(
        limits.platform,
        sum((r) => r.departmentId === platform.id),
      ),
      expected(
        limits.sales,
        sum((r) => r.departmentId === sales.id),
      ),
      expected(
        limits.user,
        sum((r) => r.userId === max.user.id),
      ),
      expected(
        limits.agent,
        sum((r) => r.agentId === agent.id),
      ),
    ];

    const res = await org.admin.http.get(OWN);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['limits', 'period_end', 'period_start']);
    const [year, mm] = month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, mm, 0)).getUTCDate();
    expect(res.body.period_start).toBe(`${month}-01`);
    expect(res.body.period_end).toBe(`${month}-${String(lastDay).padStart(2, '0')}`);
    expect(res.body.limits).toEqual(want);
    for (const row of res.body.limits) expect(Object.keys(row).sort()).toEqual(ROW_FIELDS);
    // Ordered by scope (organization, department, user, agent), then label; labels name the targets.
    expect(res.body.limits.map((l: any) => l.label)).toEqual([
      org.org.name,
      'Engineering',
      'Platform',
      'Sales',
      'Max Member',
      'Researcher',
    ]);
    // The spread was wide enough to exercise every rule: over the limit, a zero amount, a fraction of a percent.
    expect(want[0]!.spent_minor).toBeGreaterThan(3);
    expect(want[0]!.remaining_minor).toBe(0);
    expect(want[1]!.percent_used).toBe(100);
    expect((await operator.get(limitsPath(org.org.id))).body).toEqual(res.body);
  });

  it('is an empty list for an organization without limits', async () => {
    const org = await createOrgWithAdmin(app);
    const res = await org.admin.http.get(OWN);
    expect(res.status).toBe(200);
    expect(res.body.limits).toEqual([]);
    expect(res.body.period_start).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('rounds the percentage half-up to one decimal', async () => {
    const org = await createOrgWithAdmin(app);
    await insertUsage(org.org.id, [{ at: app.clock.now(), cost: 1_500_000n }]); // 1.5 cents → 2
    const third = await addLimit(org.org.id, { scope: 'organization', amount_minor: 3 });
    expect(third).toMatchObject({ spent_minor: 2, remaining_minor: 1, percent_used: 66.7 });
    const patched = await operator.patch(`${limitsPath(org.org.id)}/${third.id}`, { amount_minor: 16 });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toEqual({ ...third, amount_minor: 16, remaining_minor: 14, percent_used: 12.5 });
    const bigger = await operator.patch(`${limitsPath(org.org.id)}/${third.id}`, { amountMinor: 600 });
    expect(bigger.body.percent_used).toBe(0.3);
  });
});

describe('operators manage limits', () => {
  let org: TestOrg;
  let other: TestOrg;
  let dept: any;
  let member: OrgUser;
  let agent: any;

  beforeAll(async () => {
    [org, other] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
    dept = await department(org, 'Finance');
    member = await addUser(app, org.admin.http);
    agent = await createAgent(org.admin, { name: 'Bot' });
  });

  it('creates one limit per scope and target: a second is 409 duplicate_limit', async () => {
    const created = await addLimit(org.org.id, { scope: 'department', scope_id: dept.id, amount_minor: 500 });
    expect(created).toEqual({
      id: expect.stringMatching(UUID),
      scope: 'department',
      scope_id: dept.id,
      label: 'Finance',
      amount_minor: 500,
      spent_minor: 0,
      remaining_minor: 500,
      percent_used: 0,
    });
    expectError(
      await operator.post(limitsPath(org.org.id), { scope: 'department', scope_id: dept.id, amount_minor: 1 }),
      409,
      'duplicate_limit',
    );
    await addLimit(org.org.id, { scope: 'organization', amount_minor: 0 });
    expectError(
      await operator.post(limitsPath(org.org.id), { scope: 'organization', amount_minor: 1 }),
      409,
      'duplicate_limit',
    );
    // The same target in another scope is another limit.
    await addLimit(org.org.id, { scope: 'user', scope_id: member.user.id, amount_minor: 100_000_000_000 });
    await addLimit(org.org.id, { scope: 'agent', scope_id: agent.id, amount_minor: 1 });
    expect((await org.admin.http.get(OWN)).body.limits).toHaveLength(4);
  });

  it('refuses malformed bodies and targets outside the organization with 400', async () => {
    const theirs = await department(other, 'Theirs');
    const theirAgent = await createAgent(other.admin);
    const gone = await addUser(app, org.admin.http);
    const deleted = await operator.delete(`/v1/admin/organizations/${org.org.id}/users/${gone.user.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    for (const body of [
      {},
      { scope: 'team', scope_id: dept.id, amount_minor: 1 },
      { scope: 'department', amount_minor: 1 },
      { scope: 'department', scope_id: null, amount_minor: 1 },
      { scope: 'organization', scope_id: org.org.id, amount_minor: 1 },
      { scope: 'user', scope_id: 'not-a-uuid', amount_minor: 1 },
      { scope: 'organization', amount_minor: -1 },
      { scope: 'organization', amount_minor: 1.5 },
      { scope: 'organization', amount_minor: '5' },
      { scope: 'organization', amount_minor: 100_000_000_001 },
      { scope: 'organization' },
      { scope: 'organization', amount_minor: 1, period: 'week' },
      { scope: 'department', scope_id: theirs.id, amount_minor: 1 },
      { scope: 'department', scope_id: randomId(), amount_minor: 1 },
      { scope: 'user', scope_id: other.admin.user.id, amount_minor: 1 },
      { scope: 'user', scope_id: gone.user.id, amount_minor: 1 },
      { scope: 'user', scope_id: dept.id, amount_minor: 1 },
      { scope: 'agent', scope_id: theirAgent.id, amount_minor: 1 },
    ]) {
      expectError(await operator.post(limitsPath(org.org.id), body), 400, 'invalid_request');
    }
    const created = (await org.admin.http.get(OWN)).body.limits;
    expect(created.every((l: any) => [null, dept.id, member.user.id, agent.id].includes(l.scope_id))).toBe(true);
  });

  it('changes and removes a limit; unknown ids and other organizations are 404 not_found', async () => {
    const limit = await addLimit(org.org.id, { scope: 'user', scope_id: org.admin.user.id, amount_minor: 10 });
    for (const body of [{}, { amount_minor: -1 }, { amount_minor: 2.5 }, { amount_minor: 1, scope: 'agent' }]) {
      expectError(await operator.patch(`${limitsPath(org.org.id)}/${limit.id}`, body), 400, 'invalid_request');
    }
    const missing = await operator.patch(`${limitsPath(org.org.id)}/${randomId()}`, { amount_minor: 1 });
    expectError(missing, 404, 'not_found');
    // Another organization's path with our limit's id: indistinguishable from an absent limit.
    const across = await operator.patch(`${limitsPath(other.org.id)}/${limit.id}`, { amount_minor: 1 });
    expectError(across, 404, 'not_found');
    expect(across.body.error).toBe(missing.body.error);
    expectError(await operator.delete(`${limitsPath(other.org.id)}/${limit.id}`), 404, 'not_found');

    const changed = await operator.patch(`${limitsPath(org.org.id)}/${limit.id}`, { amount_minor: 99 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: limit.id, amount_minor: 99, remaining_minor: 99 });
    const removed = await operator.delete(`${limitsPath(org.org.id)}/${limit.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expectError(await operator.delete(`${limitsPath(org.org.id)}/${limit.id}`), 404, 'not_found');
    expect((await org.admin.http.get(OWN)).body.limits.map((l: any) => l.id)).not.toContain(limit.id);
  });

  it('unknown and deleted organizations are 404 not_found', async () => {
    const gone = await createOrgWithAdmin(app);
    const limit = await addLimit(gone.org.id, { scope: 'organization', amount_minor: 1 });
    expect((await operator.delete(`/v1/admin/organizations/${gone.org.id}`)).status).toBe(200);
    for (const orgId of [randomId(), gone.org.id]) {
      expectError(await operator.get(limitsPath(orgId)), 404, 'not_found');
      expectError(await operator.post(limitsPath(orgId), { scope: 'organization', amount_minor: 1 }), 404, 'not_found');
      expectError(await operator.patch(`${limitsPath(orgId)}/${limit.id}`, { amount_minor: 1 }), 404, 'not_found');
      expectError(await operator.delete(`${limitsPath(orgId)}/${limit.id}`), 404, 'not_found');
    }
  });

  it('keeps at most 500 limits per organization: the next is 409 limit_reached', async () => {
    const full = await createOrgWithAdmin(app);
    await app.server.database.db.execute(sql`
      insert into spend_limits (id, organization_id, scope, scope_id, amount_minor)
      select gen_random_uuid(), ${full.org.id}, 'agent', gen_random_uuid(), 1 from generate_series(1, 500)`);
    expectError(
      await operator.post(limitsPath(full.org.id), { scope: 'organization', amount_minor: 1 }),
      409,
      'limit_reached',
    );
    expect((await operator.get(limitsPath(full.org.id))).body.limits).toHaveLength(500);
  });
});

describe('spend-limit route security', () => {
  it('org admins read the view; operators with the billing section manage limits', async () => {
    const [org, other] = await Promise.all([createOrgWithAdmin(app), createOrgWithAdmin(app)]);
    const member = await addUser(app, org.admin.http);
    const memberKey = (await createServiceAccountWithKey(org.admin.http, 'member')).key;
    const limit = await addLimit(org.org.id, { scope: 'organization', amount_minor: 10 });
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/spend-limits',
      path: OWN,
      forbidden: [
        { credential: member.token, code: 'forbidden' },
        { credential: memberKey, code: 'forbidden' },
        { credential: app.webKey, code: 'forbidden' },
      ],
    });
    const outsiders = await consoleOutsiders(app, org.admin.token);
    const base = limitsPath(org.org.id);
    for (const c of [
      { route: 'GET /v1/admin/organizations/:id/spend-limits', path: base, body: undefined },
      {
        route: 'POST /v1/admin/organizations/:id/spend-limits',
        path: base,
        body: { scope: 'organization', amount_minor: 1 },
      },
      {
        route: 'PATCH /v1/admin/organizations/:id/spend-limits/:limitId',
        path: `${base}/${limit.id}`,
        body: { amount_minor: 1 },
      },
      {
        route: 'DELETE /v1/admin/organizations/:id/spend-limits/:limitId',
        path: `${base}/${limit.id}`,
        body: undefined,
      },
    ] as const) {
      await expectRouteSecurity({ http: app.http, route: c.route, path: c.path, body: c.body, forbidden: outsiders });
    }
    // Nothing refused changed the limit; the other organization sees none of it.
    expect((await org.admin.http.get(OWN)).body.limits).toEqual([limit]);
    expect((await other.admin.http.get(OWN)).body.limits).toEqual([]);
  });
});

describe('spendStatus (what run-start enforcement reads)', () => {
  it('answers the wallet and exactly the limits covering a principal, a parent department included', async () => {
    const org = await createOrgWithAdmin(app);
    const parent = await department(org, 'Parent');
    const child = await department(org, 'Child', parent.id);
    const elsewhere = await department(org, 'Elsewhere');
    const max = await addUser(app, org.admin.http);
    expect((await org.admin.http.patch(`/v1/users/${max.user.id}`, { department_id: child.id })).status).toBe(200);
    const agent = await createAgent(org.admin);
    await insertUsage(org.org.id, [
      { at: app.clock.now(), cost: 2_500_000n, userId: max.user.id, departmentId: child.id },
      { at: app.clock.now(), cost: 1_000_000n, agentId: agent.id },
    ]);
    const covering = [
      await addLimit(org.org.id, { scope: 'organization', amount_minor: 10 }),
      await addLimit(org.org.id, { scope: 'department', scope_id: parent.id, amount_minor: 3 }),
      await addLimit(org.org.id, { scope: 'user', scope_id: max.user.id, amount_minor: 2 }),
      await addLimit(org.org.id, { scope: 'agent', scope_id: agent.id, amount_minor: 1 }),
    ];
    await addLimit(org.org.id, { scope: 'department', scope_id: elsewhere.id, amount_minor: 5 });
    await addLimit(org.org.id, { scope: 'user', scope_id: org.admin.user.id, amount_minor: 5 });
    expect(
      (await operator.post(`/v1/admin/organizations/${org.org.id}/wallet`, { enforcement_enabled: true })).status,
    ).toBe(201);

    const limits = createLimitsService({
      db: app.server.database.db,
      clock: app.clock,
      requireLiveOrganization: async () => {},
    });
    // The user's department is read from the user when the caller does not name one.
    const status = await limits.spendStatus(app.server.database.db, org.org.id, {
      userId: max.user.id,
      agentId: agent.id,
    });
    expect(status.wallet).toMatchObject({ balanceMinor: 0, enforcementEnabled: true });
    expect(status.limits.map((l) => [l.id, l.spentMicroCents, l.spentMinor, l.remainingMinor])).toEqual([
      [covering[0]!.id, 3_500_000n, 4, 6],
      [covering[1]!.id, 2_500_000n, 3, 0],
      [covering[2]!.id, 2_500_000n, 3, 0],
      [covering[3]!.id, 1_000_000n, 1, 0],
    ]);
    const nobody = await limits.spendStatus(app.server.database.db, org.org.id, {});
    expect(nobody.limits.map((l) => l.id)).toEqual([covering[0]!.id]);
  });
});

// Last: it moves the app's clock two months ahead (sessions minted before then expire; keys do not).
describe('month boundaries', () => {
  it('counts usage by the calendar month of the organization timezone, as the clock moves', async () => {
    const tz = 'Asia/Kolkata'; // UTC+05:30
    const org = await createOrgWithAdmin(app);
    expect((await org.admin.http.patch('/v1/organization', { primary_timezone: tz })).status).toBe(200);
    const adminKey = app.http.as((await createServiceAccountWithKey(org.admin.http, 'admin')).key);
    const year = app.clock.now().getUTCFullYear() + 1;
    // Local midnight of 1 February is 18:30 UTC on 31 January.
    const febStart = new Date(Date.UTC(year, 0, 31, 18, 30));
    const janStart = new Date(Date.UTC(year - 1, 11, 31, 18, 30));
    const ms = (n: number) => new Date(febStart.getTime() + n);
    await insertUsage(org.org.id, [
      { at: new Date(janStart.getTime() - 1), cost: 100_000_000n }, // 31 December, local
      { at: janStart, cost: 1_000_000n }, // 1 January 00:00 local
      { at: ms(-1), cost: 2_400_000n }, // 31 January 23:59:59.999 local
      { at: febStart, cost: 30_000_000n }, // 1 February 00:00 local
      { at: ms(86_400_000), cost: 600_000n },
    ]);
    const limit = await addLimit(org.org.id, { scope: 'organization', amount_minor: 100 });

    app.clock.advanceTo(ms(-1_000));
    const january = await adminKey.get(OWN);
    expect(january.status, january.text).toBe(200);
    expect(january.body).toEqual({
      period_start: `${year}-01-01`,
      period_end: `${year}-01-31`,
      limits: [{ ...limit, spent_minor: 3, remaining_minor: 97, percent_used: 3 }],
    });

    app.clock.advanceTo(febStart);
    const february = await adminKey.get(OWN);
    expect(february.body).toEqual({
      period_start: `${year}-02-01`,
      period_end: `${year}-02-28`,
      limits: [{ ...limit, spent_minor: 31, remaining_minor: 69, percent_used: 31 }],
    });
    expect((await operator.get(limitsPath(org.org.id))).body).toEqual(february.body);
  });
});
