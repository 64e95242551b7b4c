import { conflict } from '../http/errors.ts';
import type { Executor } from './client.ts';
import { lockForTransaction } from './locks.ts';

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
