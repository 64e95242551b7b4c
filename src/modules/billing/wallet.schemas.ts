import { z } from 'zod';
import { pageQuery, pageSchema } from '../../platform/http/pagination.ts';

/** The largest single credit and low-balance threshold: $1,000,000,000 in cents, far inside a safe integer. */
export const MAX_WALLET_AMOUNT_MINOR = 100_000_000_000;

const cents = z.number().int().min(0).max(MAX_WALLET_AMOUNT_MINOR);

export const WalletSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    balance_minor: z.number().int().describe('The sum of the ledger, in cents; may go below zero'),
    currency: z.literal('USD'),
    enforcement_enabled: z.boolean(),
    low_balance_threshold_minor: z.number().int(),
    low_balance: z.boolean().describe('balance_minor is at or below low_balance_threshold_minor'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Wallet' });

export const LedgerEntrySchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    wallet_id: z.uuid(),
    kind: z.enum(['credit', 'debit']),
    amount_minor: z.number().int().describe('Signed cents: a credit is positive, a debit negative or zero'),
    usage_event_id: z.uuid().nullable().describe('The usage event a debit is for'),
    note: z.string().nullable(),
    created_by_user_id: z.uuid().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WalletLedgerEntry' });

export const LedgerPageSchema = pageSchema(LedgerEntrySchema);
export const LedgerQuery = pageQuery();

export const ConfigureWalletBody = z.strictObject({
  enforcement_enabled: z.boolean().optional(),
  low_balance_threshold_minor: cents.optional(),
});

export const CreditWalletBody = z.strictObject({
  amount_minor: cents.min(1),
  note: z.string().trim().max(500).nullable().optional(),
});

export const CreditResultSchema = z.object({ entry: LedgerEntrySchema, wallet: WalletSchema });

export type ConfigureWalletInput = z.output<typeof ConfigureWalletBody>;
export type CreditWalletInput = z.output<typeof CreditWalletBody>;
