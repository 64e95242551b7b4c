import { sql } from 'drizzle-orm';
import { conflict } from '../http/errors.ts';
import type { Executor } from './client.ts';

/**
 * Serialises, until the transaction ends, every writer that takes the same (scope, id) lock: for rules that
 * span rows (a count, a uniqueness across tables) which no constraint can hold.
 */
export async function lockForTransaction(tx: Executor, scope: string, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${id}))`);
}

export interface Cap {
  /** Names the collection in the lock key and in the 409's message, e.g. `DLP rules`. */
  what: string;
  /** The owner the cap counts for (an organization, an agent…). */
  scopeId: string;
  max: number;
}

/**
 * Adds a row to a collection that may hold at most `cap.max` rows per owner, exactly even when creates race:
 * each writer takes a transaction-scoped advisory lock on (collection, owner) before it counts. Past the cap it
 * is 409 `limit_reached` and nothing is written.
 */
export async function insertWithinCap<T>(
  db: Executor,
  cap: Cap,
  count: (tx: Executor) => Promise<number>,
  insert: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, cap.what, cap.scopeId);
    if ((await count(tx)) >= cap.max) {
      throw conflict('limit_reached', `At most ${cap.max} ${cap.what} are allowed here; delete one first`);
    }
    return insert(tx);
  });
}
