import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** The rows of a raw SQL statement: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
