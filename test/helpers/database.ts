import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db/client.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh database cloned from the run's migrated template; `close` drops it again on PostgreSQL. */
export async function cloneTestDatabase(): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const blob = new Blob([readFileSync(template.path)]);
    const database = await openDatabase({ databaseUrl: null, dataDir: '', pgliteTemplate: blob });
    return { database, url: null, drop: async () => {} };
  }
  const name = `atrium_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(template.url, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  return {
    database,
    url,
    async drop() {
      const client = new pg.Client({ connectionString: template.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
