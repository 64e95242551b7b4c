import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { organizations, walletLedgerEntries, wallets } from '../../platform/db/schema/index.ts';
import type { StatementPart } from '../../platform/db/statement-parts.ts';
import type { Cursor } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';

export type WalletRow = typeof wallets.$inferSelect;
export type LedgerEntryRow = typeof walletLedgerEntries.$inferSelect;
export type WalletSettings = Partial<Pick<WalletRow, 'enforcementEnabled' | 'lowBalanceThresholdMinor'>>;

/** Half-up rounding of non-negative micro-cents to cents, in bigint SQL arithmetic (integer division floors). */
const centsOf = (microCents: unknown) => sql`((${microCents} + 500000) / 1000000)`;

export const walletStore = {
  /** Whether the organization exists and is not deleted (operators manage wallets of live organizations only). */
  async organizationIsLive(db: Executor, organizationId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)));
    return row !== undefined;
  },

  async find(db: Executor, organizationId: string): Promise<WalletRow | null> {
    const [row] = await db.select().from(wallets).where(eq(wallets.organizationId, organizationId));
    return row ?? null;
  },

  /** The new wallet, or null when the organization already has one (a concurrent create included). */
  async insert(db: Executor, organizationId: string, settings: WalletSettings): Promise<WalletRow | null> {
    const [row] = await db
      .insert(wallets)
      .values({ id: newId(), organizationId, ...settings })
      .onConflictDoNothing({ target: wallets.organizationId })
      .returning();
    return row ?? null;
  },

  async configure(db: Executor, organizationId: string, settings: WalletSettings): Promise<WalletRow | null> {
    const [row] = await db
      .update(wallets)
      .set({ ...settings, updatedAt: sql`now()` })
      .where(eq(wallets.organizationId, organizationId))
      .returning();
    return row ?? null;
  },

  /** Adds to the balance (the wallet row stays locked until the transaction ends); null without a wallet. */
  async addToBalance(tx: Executor, organizationId: string, amountMinor: number): Promise<WalletRow | null> {
    const [row] = await tx
      .update(wallets)
      .set({ balanceMinor: sql`${wallets.balanceMinor} + ${amountMinor}`, updatedAt: sql`now()` })
      .where(eq(wallets.organizationId, organizationId))
      .returning();
    return row ?? null;
  },

  async insertEntry(tx: Executor, row: typeof walletLedgerEntries.$inferInsert): Promise<LedgerEntryRow> {
    const [inserted] = await tx.insert(walletLedgerEntries).values(row).returning();
    return inserted!;
  },

  /** Newest first; keyset on (created_at, id). */
  ledgerPage(db: Executor, organizationId: string, cursor: Cursor | null, limit: number): Promise<LedgerEntryRow[]> {
    const e = walletLedgerEntries;
    return db
      .select()
      .from(e)
      .where(
        and(
          eq(e.organizationId, organizationId),
          cursor ? sql`(${e.createdAt}, ${e.id}) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(e.createdAt), desc(e.id))
      .limit(limit + 1);
  },

  /**
   * The debit of one usage event, as parts of the event's own statement: the wallet's exact usage total grows by
   * the event's cost and the debit is the growth of that total rounded half-up to cents, so the debits always sum
   * to the rounded total. The update locks the wallet row until the statement's transaction ends; an event
   * already debited, or an organization without a wallet, changes nothing.
   */
  debitParts(organizationId: string, usage: { usageEventId: string; costMicroCents: bigint }): StatementPart[] {
    const cost = sql`${usage.costMicroCents.toString()}::bigint`;
    const total = sql.raw('w.usage_micro_cents');
    return [
      {
        name: 'wallet_debit',
        statement: sql`update ${wallets} w
           set usage_micro_cents = ${total} + ${cost},
               balance_minor = w.balance_minor - (${centsOf(sql`${total} + ${cost}`)} - ${centsOf(total)}),
               updated_at = now()
         where w.organization_id = ${organizationId}
           and not exists (select 1 from ${walletLedgerEntries} x where x.usage_event_id = ${usage.usageEventId})
        returning w.id, (${centsOf(total)} - ${centsOf(sql`${total} - ${cost}`)}) as amount`,
      },
      {
        name: 'wallet_ledger',
        statement: sql`insert into ${walletLedgerEntries} (id, organization_id, wallet_id, kind, amount_minor, usage_event_id)
      select ${newId()}::uuid, ${organizationId}::uuid, wallet_debit.id, 'debit', -wallet_debit.amount, ${usage.usageEventId}::uuid
        from wallet_debit`,
      },
    ];
  },
};
