import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * One write of a statement that makes several at once, as a data-modifying CTE: a later part may read an earlier
 * one by its name (all of them see the same snapshot, and none sees the others' rows but through their names).
 */
export interface StatementPart {
  name: string;
  statement: SQL;
}

/** The parts as one statement: atomic by itself, without a transaction, in one round trip. */
export async function executeParts(ex: Executor, parts: StatementPart[]): Promise<void> {
  if (parts.length === 0) return;
  const ctes = sql.join(
    parts.map((part) => sql`${sql.identifier(part.name)} as (${part.statement})`),
    sql`, `,
  );
  await ex.execute(sql`with ${ctes} select 1`);
}

/** The parts as Drizzle CTEs, for a statement that ends in a typed select (`ex.with(...partsAsCtes(ex, parts))`). */
export const partsAsCtes = (ex: Executor, parts: StatementPart[]) =>
  parts.map((part) => ex.$with(part.name, {}).as(part.statement));

/** The columns of `table` as a CTE that returned them exposes them: the typed select of a whole row from it. */
export const rowOf = (cte: object, table: Table) =>
  Object.fromEntries(
    Object.keys(getTableColumns(table)).map((key) => [key, (cte as Record<string, unknown>)[key]]),
  ) as never;
