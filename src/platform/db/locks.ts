import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * Serialises, until the transaction ends, every writer that takes the same (scope, id) lock: for rules that
 * span rows (a count, a uniqueness across tables) which no constraint can hold.
 */
export async function lockForTransaction(tx: Executor, scope: string, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${id}))`);
}
