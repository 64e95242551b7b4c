import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService } from '../src/modules/billing/wallet.service.ts';
import { modelCatalog } from '../src/modules/catalog/service.ts';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import { usageEvents, walletLedgerEntries, wallets } from '../src/platform/db/schema/index.ts';
import { executeParts } from '../src/platform/db/statement-parts.ts';
import {
  createModelGateway,
  type ModelGateway,
  OFFLINE_VERSION_ID,
  type ResolvedModel,
} from '../src/platform/models/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { postAndRun, waitForRun } from './helpers/runs.ts';

let app: TestApp;
/** A gateway composed as app.ts composes it: its usage events debit the wallet through the billing module. */
let gateway: ModelGateway;
let debitUsage: ReturnType<typeof createWalletService>['debitUsage'];
/** The offline model priced at 1 micro-cent per input token: an event's cost is its input token count. */
let perToken: ResolvedModel;

const db = () => app.server.database.db;
const roundHalfUp = (micro: bigint) => (micro + 500_000n) / 1_000_000n;

async function orgWithWallet(credit = 0): Promise<TestOrg> {
  const org = await createOrgWithAdmin(app);
  const operator = app.http.as(app.consoleKey);
  expect((await operator.post(`/v1/admin/organizations/${org.org.id}/wallet`, {})).status).toBe(201);
  if (credit > 0) {
    const res = await operator.post(`/v1/admin/organizations/${org.org.id}/wallet/credits`, { amount_minor: credit });
    expect(res.status, res.text).toBe(201);
  }
  return org;
}

const usage = (inputTokens: number) => ({ inputTokens, outputTokens: 0, cachedInputTokens: 0 });

async function debitsOf(orgId: string) {
  return db()
    .select()
    .from(walletLedgerEntries)
    .where(and(eq(walletLedgerEntries.organizationId, orgId), eq(walletLedgerEntries.kind, 'debit')));
}

async function walletOf(orgId: string) {
  const [row] = await db().select().from(wallets).where(eq(wallets.organizationId, orgId));
  return row!;
}

beforeAll(async () => {
  app = await startTestApp();
  debitUsage = createWalletService({ db: db() }).debitUsage;
  gateway = createModelGateway({
    db: db(),
    secretBox: createSecretBox(app.config.secretKey),
    catalog: modelCatalog,
    onUsageRecorded: debitUsage,
  });
  const offline = await gateway.resolve({ organizationId: (await createOrgWithAdmin(app)).org.id });
  perToken = {
    ...offline,
    inputCostPer1m: 1,
    outputCostPer1m: 0,
    cachedInputCostPer1m: null,
    cacheCreationCostPer1m: null,
  };
});
afterAll(() => app?.close());

describe('debits through a real model call', () => {
  it('a run of the app debits the wallet by its usage event, in whole cents, with the event named', async () => {
    // Price the offline model (cents per 1M tokens) so its calls cost something.
    const priced = await app.http.as(app.consoleKey).patch(`/v1/admin/ai-model-versions/${OFFLINE_VERSION_ID}`, {
      inputCostPer1m: 4_000_000,
      outputCostPer1m: 7_000_000,
    });
    expect(priced.status, priced.text).toBe(200);
    const org = await orgWithWallet(10_000);
    // Selected explicitly, the offline model resolves from its catalog row, with those prices.
    const selected = await org.admin.http.put('/v1/organization/model-selections', {
      selections: [{ key: 'text', model_version_id: OFFLINE_VERSION_ID }],
    });
    expect(selected.status, selected.text).toBe(200);
    const thread = await org.admin.http.post('/v1/threads', { title: 'Spend' });
    expect(thread.status, thread.text).toBe(201);
    const { run } = await postAndRun(org.admin.http, thread.body.id, 'How much does this cost?');
    await waitForRun(org.admin.http, thread.body.id, run.id);

    const events = await db().select().from(usageEvents).where(eq(usageEvents.organizationId, org.org.id));
    expect(events.length).toBeGreaterThan(0);
    const total = events.reduce((sum, e) => sum + e.costMicroCents, 0n);
    expect(total).toBeGreaterThan(1_000_000n);
    const debits = await debitsOf(org.org.id);
    expect(debits.map((d) => d.usageEventId).sort()).toEqual(events.map((e) => e.id).sort());
    expect(debits.reduce((sum, d) => sum + d.amountMinor, 0)).toBe(-Number(roundHalfUp(total)));

    const wallet = await org.admin.http.get('/v1/organization/wallet');
    expect(wallet.body.balance_minor).toBe(10_000 - Number(roundHalfUp(total)));
    const ledger = await app.http.as(app.consoleKey).get(`/v1/admin/organizations/${org.org.id}/wallet/ledger`);
    expect(ledger.body.data[0]).toMatchObject({
      kind: 'debit',
      usage_event_id: events[events.length - 1]!.id,
      note: null,
      created_by_user_id: null,
    });
    expect(ledger.body.data.at(-1)).toMatchObject({ kind: 'credit', amount_minor: 10_000 });
  });
});

describe('the rounding carry', () => {
  it('over many small events the debits sum to the rounded total, each a whole cent or zero', async () => {
    const org = await orgWithWallet(1_000);
    const ctx = { organizationId: org.org.id, userId: org.admin.user.id };
    // Costs straddling half a cent, a whole cent and several cents: a deterministic spread.
    let seed = 7;
    const costs = Array.from({ length: 120 }, () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % 2_600_000;
    });
    costs.push(500_000, 499_999, 1, 0);
    let total = 0n;
    for (const cost of costs) {
      const recorded = await db().transaction((tx) => gateway.recordUsage(tx, ctx, perToken, usage(cost)));
      expect(recorded.costMicroCents).toBe(BigInt(cost));
      total += BigInt(cost);
      // After every event: the debits so far are exactly the rounded total so far.
      const wallet = await walletOf(org.org.id);
      expect(wallet.usageMicroCents).toBe(total);
      expect(wallet.balanceMinor).toBe(1_000 - Number(roundHalfUp(total)));
    }
    const debits = await debitsOf(org.org.id);
    expect(debits).toHaveLength(costs.length);
    for (const d of debits) expect(d.amountMinor).toBeLessThanOrEqual(0);
    expect(debits.reduce((sum, d) => sum + d.amountMinor, 0)).toBe(-Number(roundHalfUp(total)));
  });

  it('writes the event and its debit atomically when handed the bare database', async () => {
    const org = await orgWithWallet();
    const recorded = await gateway.recordUsage(db(), { organizationId: org.org.id }, perToken, usage(1_500_000));
    const [debit] = await debitsOf(org.org.id);
    expect(debit).toMatchObject({ usageEventId: recorded.id, amountMinor: -2 });
    expect((await walletOf(org.org.id)).balanceMinor).toBe(-2);
  });
});

describe('debit integrity', () => {
  it("a rolled-back event's transaction leaves neither event nor debit, and the wallet unchanged", async () => {
    const org = await orgWithWallet(50);
    let eventId = '';
    await expect(
      db().transaction(async (tx) => {
        eventId = (await gateway.recordUsage(tx, { organizationId: org.org.id }, perToken, usage(3_000_000))).id;
        throw new Error('the run failed after its model call');
      }),
    ).rejects.toThrow('the run failed');
    expect(await db().select().from(usageEvents).where(eq(usageEvents.id, eventId))).toEqual([]);
    expect(await debitsOf(org.org.id)).toEqual([]);
    const wallet = await walletOf(org.org.id);
    expect({ balance: wallet.balanceMinor, usage: wallet.usageMicroCents }).toEqual({ balance: 50, usage: 0n });
  });

  it('debits a usage event once, however often the debit runs', async () => {
    const org = await orgWithWallet(100);
    const recorded = await gateway.recordUsage(db(), { organizationId: org.org.id }, perToken, usage(2_600_000));
    const hand = { organizationId: org.org.id, usageEventId: recorded.id, costMicroCents: recorded.costMicroCents };
    await executeParts(db(), debitUsage(hand));
    await db().transaction((tx) => executeParts(tx, debitUsage(hand)));
    const debits = await debitsOf(org.org.id);
    expect(debits.map((d) => d.amountMinor)).toEqual([-3]);
    const wallet = await walletOf(org.org.id);
    expect({ balance: wallet.balanceMinor, usage: wallet.usageMicroCents }).toEqual({ balance: 97, usage: 2_600_000n });
  });

  it('an organization without a wallet records usage and no ledger entry', async () => {
    const org = await createOrgWithAdmin(app);
    const recorded = await gateway.recordUsage(db(), { organizationId: org.org.id }, perToken, usage(9_000_000));
    expect(await db().select().from(usageEvents).where(eq(usageEvents.id, recorded.id))).toHaveLength(1);
    const rows = (await db().execute(
      sql`select count(*)::int as n from wallet_ledger_entries where organization_id = ${org.org.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });

  it("another organization's events never touch this wallet", async () => {
    const mine = await orgWithWallet(10);
    const other = await orgWithWallet(10);
    await gateway.recordUsage(db(), { organizationId: other.org.id }, perToken, usage(5_000_000));
    expect((await walletOf(mine.org.id)).balanceMinor).toBe(10);
    expect((await walletOf(other.org.id)).balanceMinor).toBe(5);
  });
});
