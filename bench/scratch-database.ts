import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase, wrapPglite } from '../src/platform/db/client.ts';

/**
 * The database a store-level bench seeds and times: the embedded PGlite (in memory) by default; with DATABASE_URL a
 * scratch PostgreSQL database `<prefix>_<pid>` (or `reuse`, one kept by an earlier run), dropped by `drop` unless
 * kept.
 */
export async function openScratchDatabase(
  prefix: string,
  reuse?: string,
): Promise<{ database: Database; drop: (keep: boolean) => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL?.trim();
  if (!adminUrl) return { database: await wrapPglite(new PGlite()), drop: async () => {} };
  const name = reuse ?? `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    database,
    drop: async (keep) => {
      if (keep || reuse) console.log(`kept the scratch database ${name} (drop it when done)`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** p50 and p99 in ms of `iterations` sequential calls, after one warm-up call (plans and caches). */
export async function timeCalls(
  fn: (i: number) => Promise<unknown>,
  iterations: number,
): Promise<{ p50: number; p99: number }> {
  await fn(-1);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export const formatMs = (ms: number) => `${ms.toFixed(1)} ms`.padStart(10);
