import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant shared by every Atrium process; serialises concurrent migrators on PostgreSQL. */
const MIGRATION_LOCK_ID = 7_361_002;

interface JournalEntry {
  idx: number;
  tag: string;
}

function readJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return [...journal.entries].sort((a, b) => a.idx - b.idx);
}

/**
 * Applies the committed drizzle-kit migrations that are not yet recorded, all in one transaction under an
 * advisory lock, so several processes starting at once apply each migration exactly once.
 * Statements run one by one because PGlite's extended protocol takes a single statement per query.
 */
export async function migrate(db: Executor): Promise<string[]> {
  const entries = readJournal();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await tx.execute(
      sql`create table if not exists atrium_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    );
    const done = (await tx.execute(sql`select tag from atrium_migrations`)) as unknown as { rows: { tag: string }[] };
    const applied = new Set(done.rows.map((r) => r.tag));
    const appliedNow: string[] = [];
    for (const entry of entries) {
      if (applied.has(entry.tag)) continue;
      const text = readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into atrium_migrations (tag) values (${entry.tag})`);
      appliedNow.push(entry.tag);
    }
    return appliedNow;
  });
}
