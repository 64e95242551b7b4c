import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A database handle or an open transaction: stores accept either. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Executor;
  /** Runs a trivial query; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite only: start from a dumped data directory (tests clone a migrated template this way). */
  pgliteTemplate?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // JIT off: no statement of Atrium runs long enough to repay compiling it, and a report whose row estimates are
  // large (a year of usage grouped per user and day) spent 500 ms compiling to run in 500 ms. Options in the
  // URL take precedence.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // An idle client that errors (server restart) must not crash the process; the next checkout reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Executor;
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  if (options.pgliteTemplate) return wrapPglite(new PGlite({ loadDataDir: options.pgliteTemplate }));
  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return wrapPglite(new PGlite(dir));
}

/** A Database over a PGlite client the caller made (in memory, from a dump, or on disk). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Executor;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
