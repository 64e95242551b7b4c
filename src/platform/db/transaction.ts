import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * Runs `work` atomically on `ex`: inside the caller's transaction when `ex` is one (no savepoint round trips on
 * the hot path), else in a transaction of its own.
 */
export function withinTransaction<T>(ex: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  const isTransaction: boolean = (ex as unknown) instanceof PgTransaction;
  return isTransaction ? work(ex) : ex.transaction(work);
}
