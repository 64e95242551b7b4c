import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { expectError, ISO_MS, UUID } from './helpers/assertions.ts';
import { consoleOutsiders } from './helpers/console-roles.ts';
import {
  createOrgWithAdmin,
  type OrgAdminRouteCast,
  operatorSession,
  orgAdminRouteCast,
  type TestOrg,
} from './helpers/fixtures.ts';
import type { Client } from './helpers/http.ts';
import { expectRouteSecurity, randomId } from './helpers/security.ts';

const WALLET_FIELDS = [
  'balance_minor',
  'created_at',
  'currency',
  'enforcement_enabled',
  'id',
  'low_balance',
  'low_balance_threshold_minor',
  'organization_id',
  'updated_at',
];
const ENTRY_FIELDS = [
  'amount_minor',
  'created_at',
  'created_by_user_id',
  'id',
  'kind',
  'note',
  'organization_id',
  'usage_event_id',
  'wallet_id',
];

let app: TestApp;
let operator: Client;
let operatorUserId: string;
let orgA: TestOrg;
let orgB: TestOrg;
let notAdmins: OrgAdminRouteCast['notAdmins'];

const walletPath = (orgId: string) => `/v1/admin/organizations/${orgId}/wallet`;
const credit = (orgId: string, body: Record<string, unknown>, http = operator) =>
  http.post(`${walletPath(orgId)}/credits`, body);

async function createWallet(orgId: string, body: Record<string, unknown> = {}) {
  const res = await operator.post(walletPath(orgId), body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  app = await startTestApp();
  const token = await operatorSession(app);
  operator = app.http.as(token);
  operatorUserId = (await operator.get('/v1/users/me')).body.id;
  ({ orgA, orgB, notAdmins } = await orgAdminRouteCast(app));
});
afterAll(() => app?.close());

describe('wallet lifecycle', () => {
  it('is 404 no_wallet until an operator creates it; create is 201, configuring after is 200', async () => {
    expectError(await orgA.admin.http.get('/v1/organization/wallet'), 404, 'no_wallet');
    expectError(await operator.get(walletPath(orgA.org.id)), 404, 'no_wallet');

    const created = await createWallet(orgA.org.id);
    expect(Object.keys(created).sort()).toEqual(WALLET_FIELDS);
    expect(created).toEqual({
      id: expect.stringMatching(UUID),
      organization_id: orgA.org.id,
      balance_minor: 0,
      currency: 'USD',
      enforcement_enabled: false,
      low_balance_threshold_minor: 0,
      low_balance: true,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });

    // camelCase is accepted; only the fields given change.
    const configured = await operator.post(walletPath(orgA.org.id), { enforcementEnabled: true });
    expect(configured.status, configured.text).toBe(200);
    expect(configured.body).toMatchObject({
      id: created.id,
      enforcement_enabled: true,
      low_balance_threshold_minor: 0,
    });
    const threshold = await operator.post(walletPath(orgA.org.id), { low_balance_threshold_minor: 500 });
    expect(threshold.status).toBe(200);
    expect(threshold.body).toMatchObject({ enforcement_enabled: true, low_balance_threshold_minor: 500 });

    const own = await orgA.admin.http.get('/v1/organization/wallet');
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual({ ...threshold.body });
    expect((await operator.get(walletPath(orgA.org.id))).body).toEqual(own.body);
    // Another organization still has none.
    expectError(await orgB.admin.http.get('/v1/organization/wallet'), 404, 'no_wallet');
  });

  it('a create with settings sets them; an empty body changes nothing', async () => {
    const org = await createOrgWithAdmin(app);
    const created = await createWallet(org.org.id, { enforcement_enabled: true, low_balance_threshold_minor: 1234 });
    expect(created).toMatchObject({ enforcement_enabled: true, low_balance_threshold_minor: 1234, low_balance: true });
    const same = await operator.post(walletPath(org.org.id), {});
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ enforcement_enabled: true, low_balance_threshold_minor: 1234 });
  });

  it('refuses invalid settings with 400 and writes nothing', async () => {
    const org = await createOrgWithAdmin(app);
    for (const body of [
      { enforcement_enabled: 'yes' },
      { low_balance_threshold_minor: -1 },
      { low_balance_threshold_minor: 1.5 },
      { low_balance_threshold_minor: 100_000_000_001 },
      { low_balance_threshold_minor: '10' },
      { balance_minor: 100 },
      { currency: 'EUR' },
    ]) {
      expectError(await operator.post(walletPath(org.org.id), body), 400, 'invalid_request');
    }
    expectError(await operator.get(walletPath(org.org.id)), 404, 'no_wallet');
  });

  it('unknown and deleted organizations are 404 not_found on every operator wallet route', async () => {
    const gone = await createOrgWithAdmin(app);
    await createWallet(gone.org.id);
    expect((await app.http.as(app.consoleKey).delete(`/v1/admin/organizations/${gone.org.id}`)).status).toBe(200);
    for (const orgId of [randomId(), gone.org.id]) {
      expectError(await operator.get(walletPath(orgId)), 404, 'not_found');
      expectError(await operator.post(walletPath(orgId), {}), 404, 'not_found');
      expectError(await credit(orgId, { amount_minor: 1 }), 404, 'not_found');
      expectError(await operator.get(`${walletPath(orgId)}/ledger`), 404, 'not_found');
    }
  });
});

describe('credits and the ledger', () => {
  it('a credit answers its entry and the new balance; the balance is the sum of the ledger', async () => {
    const org = await createOrgWithAdmin(app);
    const wallet = await createWallet(org.org.id, { low_balance_threshold_minor: 1000 });
    const first = await credit(org.org.id, { amount_minor: 2500, note: '  Top-up  ' });
    expect(first.status, first.text).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(['entry', 'wallet']);
    expect(Object.keys(first.body.entry).sort()).toEqual(ENTRY_FIELDS);
    expect(first.body.entry).toEqual({
      id: expect.stringMatching(UUID),
      organization_id: org.org.id,
      wallet_id: wallet.id,
      kind: 'credit',
      amount_minor: 2500,
      usage_event_id: null,
      note: 'Top-up',
      created_by_user_id: operatorUserId,
      created_at: expect.stringMatching(ISO_MS),
    });
    expect(first.body.wallet).toMatchObject({ id: wallet.id, balance_minor: 2500, low_balance: false });

    // The console key has no user: the entry names none. An empty note is stored as null.
    const second = await credit(org.org.id, { amountMinor: 1, note: '' }, app.http.as(app.consoleKey));
    expect(second.status, second.text).toBe(201);
    expect(second.body.entry).toMatchObject({ amount_minor: 1, note: null, created_by_user_id: null });
    expect(second.body.wallet.balance_minor).toBe(2501);
    expect((await org.admin.http.get('/v1/organization/wallet')).body.balance_minor).toBe(2501);

    const largest = await credit(org.org.id, { amount_minor: 100_000_000_000 });
    expect(largest.status).toBe(201);
    expect(largest.body.wallet.balance_minor).toBe(100_000_002_501);
  });

  it('refuses bad amounts and notes with 400, and a wallet-less organization with 404 no_wallet', async () => {
    const org = await createOrgWithAdmin(app);
    expectError(await credit(org.org.id, { amount_minor: 100 }), 404, 'no_wallet');
    await createWallet(org.org.id);
    for (const body of [
      {},
      { amount_minor: 0 },
      { amount_minor: -5 },
      { amount_minor: 1.5 },
      { amount_minor: '100' },
      { amount_minor: 100_000_000_001 },
      { amount_minor: 10, note: 'x'.repeat(501) },
      { amount_minor: 10, note: 5 },
      { amount_minor: 10, kind: 'debit' },
    ]) {
      expectError(await credit(org.org.id, body), 400, 'invalid_request');
    }
    expect(await credit(org.org.id, { amount_minor: 10, note: 'x'.repeat(500) })).toMatchObject({ status: 201 });
    expect((await operator.get(walletPath(org.org.id))).body.balance_minor).toBe(10);
  });

  it('pages the ledger newest first with cursors that neither skip nor repeat', async () => {
    const org = await createOrgWithAdmin(app);
    expectError(await operator.get(`${walletPath(org.org.id)}/ledger`), 404, 'no_wallet');
    await createWallet(org.org.id);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await credit(org.org.id, { amount_minor: i })).body.entry.id);
    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const res: { status: number; text: string; body: any } = await operator.get(
        `${walletPath(org.org.id)}/ledger${query}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
      seen.push(...res.body.data);
      cursor = res.body.has_more ? res.body.next_cursor : null;
      if (!res.body.has_more) expect(res.body.next_cursor).toBeNull();
    } while (cursor);
    expect(seen.map((e) => e.id)).toEqual([...ids].reverse());
    expect(seen.map((e) => e.amount_minor)).toEqual([5, 4, 3, 2, 1]);
    for (const query of ['?cursor=abc', '?limit=0', '?limit=101', '?limit=x']) {
      expectError(await operator.get(`${walletPath(org.org.id)}/ledger${query}`), 400, 'invalid_request');
    }
  });
});

describe('wallet route security', () => {
  it('org admins read their own wallet; the operator routes need the console section billing', async () => {
    await expectRouteSecurity({
      http: app.http,
      route: 'GET /v1/organization/wallet',
      path: '/v1/organization/wallet',
      forbidden: notAdmins,
    });
    const outsiders = await consoleOutsiders(app, orgA.admin.token);
    const path = walletPath(orgA.org.id);
    for (const c of [
      { route: 'GET /v1/admin/organizations/:id/wallet', path, body: undefined },
      { route: 'POST /v1/admin/organizations/:id/wallet', path, body: { enforcement_enabled: false } },
      { route: 'POST /v1/admin/organizations/:id/wallet/credits', path: `${path}/credits`, body: { amount_minor: 1 } },
      { route: 'GET /v1/admin/organizations/:id/wallet/ledger', path: `${path}/ledger`, body: undefined },
    ] as const) {
      await expectRouteSecurity({ http: app.http, route: c.route, path: c.path, body: c.body, forbidden: outsiders });
    }
    // None of the refused calls changed the wallet.
    const wallet = (await operator.get(path)).body;
    expect(wallet).toMatchObject({ enforcement_enabled: true, low_balance_threshold_minor: 500, balance_minor: 0 });
    const ledger = await operator.get(`${path}/ledger`);
    expect(ledger.body.data).toEqual([]);
    // The wallet GET is the caller's own organization's: there is no id to probe across organizations.
    expect((await orgB.admin.http.get('/v1/organization/wallet')).body.code).toBe('no_wallet');
  });
});

describe('the ledger in the database', () => {
  it('keeps the balance equal to the sum of the entries', async () => {
    const { db } = app.server.database;
    const rows = (await db.execute(sql`
      select w.balance_minor::text as balance, coalesce(sum(e.amount_minor), 0)::text as total
        from wallets w left join wallet_ledger_entries e on e.wallet_id = w.id
       group by w.id`)) as unknown as { rows: { balance: string; total: string }[] };
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(r.balance).toBe(r.total);
  });
});
