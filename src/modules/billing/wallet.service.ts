import type { z } from 'zod';
import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import type { RecordedUsage } from '../../platform/models/types.ts';
import type { ConfigureWalletInput, CreditWalletInput, LedgerEntrySchema, WalletSchema } from './wallet.schemas.ts';
import { type LedgerEntryRow, walletStore as store, type WalletRow, type WalletSettings } from './wallet.store.ts';

const noWallet = () => new ApiError(404, 'no_wallet', 'The organization has no wallet');

function toWalletView(row: WalletRow): z.output<typeof WalletSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    balance_minor: row.balanceMinor,
    currency: 'USD',
    enforcement_enabled: row.enforcementEnabled,
    low_balance_threshold_minor: row.lowBalanceThresholdMinor,
    low_balance: row.balanceMinor <= row.lowBalanceThresholdMinor,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toLedgerEntryView(row: LedgerEntryRow): z.output<typeof LedgerEntrySchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    wallet_id: row.walletId,
    kind: row.kind as 'credit' | 'debit',
    amount_minor: row.amountMinor,
    usage_event_id: row.usageEventId,
    note: row.note,
    created_by_user_id: row.createdByUserId,
    created_at: row.createdAt.toISOString(),
  };
}

const settingsOf = (input: ConfigureWalletInput): WalletSettings => ({
  enforcementEnabled: input.enforcement_enabled,
  lowBalanceThresholdMinor: input.low_balance_threshold_minor,
});

/**
 * An organization's prepaid wallet: operators create, configure and credit it; every usage event debits it in
 * the event's own statement (`debitUsage`, the model gateway's onUsageRecorded hook).
 */
export function createWalletService(deps: { db: Executor }) {
  const { db } = deps;

  /** Operators reach live organizations only: an unknown or deleted one is 404 not_found. */
  async function requireLiveOrganization(organizationId: string, ex: Executor = db) {
    if (!(await store.organizationIsLive(ex, organizationId))) throw notFound('Organization');
  }

  async function existing(organizationId: string, ex: Executor = db): Promise<WalletRow> {
    const row = await store.find(ex, organizationId);
    if (!row) throw noWallet();
    return row;
  }

  return {
    requireLiveOrganization,

    /** The caller's organization's wallet (org admins); 404 no_wallet means unlimited or not configured. */
    own: async (ctx: RequestContext) => toWalletView(await existing(ctx.organizationId)),

    async get(organizationId: string) {
      await requireLiveOrganization(organizationId);
      return toWalletView(await existing(organizationId));
    },

    /** Creates the wallet (created: true) or changes the given settings of the existing one. */
    async configure(organizationId: string, input: ConfigureWalletInput) {
      await requireLiveOrganization(organizationId);
      const settings = settingsOf(input);
      const created = await store.insert(db, organizationId, settings);
      if (created) return { created: true, wallet: toWalletView(created) };
      const changed = await store.configure(db, organizationId, settings);
      return { created: false, wallet: toWalletView(changed ?? (await existing(organizationId))) };
    },

    /** A credit entry and the balance it leaves, written together. */
    async credit(ctx: RequestContext, organizationId: string, input: CreditWalletInput) {
      await requireLiveOrganization(organizationId);
      return db.transaction(async (tx) => {
        const wallet = await store.addToBalance(tx, organizationId, input.amount_minor);
        if (!wallet) throw noWallet();
        const entry = await store.insertEntry(tx, {
          id: newId(),
          organizationId,
          walletId: wallet.id,
          kind: 'credit',
          amountMinor: input.amount_minor,
          note: input.note || null,
          createdByUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
        });
        return { entry: toLedgerEntryView(entry), wallet: toWalletView(wallet) };
      });
    },

    async ledger(organizationId: string, query: { cursor?: string | undefined; limit: number }) {
      await requireLiveOrganization(organizationId);
      await existing(organizationId);
      const rows = await store.ledgerPage(db, organizationId, decodeCursor(query.cursor), query.limit);
      return toPage(rows, query.limit, (r) => ({ v: r.createdAt.toISOString(), id: r.id }), toLedgerEntryView);
    },

    /** The gateway's hook: the debit of a usage event, in the event's transaction; nothing without a wallet. */
    debitUsage: (usage: RecordedUsage) => store.debitParts(usage.organizationId, usage),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
