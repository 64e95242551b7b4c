import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, wrapPglite } from '../../src/platform/db/client.ts';
import { migrate } from '../../src/platform/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database name; PGlite: the path of a dumped, migrated data dir. */
    dbTemplate: { kind: 'postgres'; url: string; name: string } | { kind: 'pglite'; path: string };
  }
}

/**
 * Migrates one template database per run; each test file then clones it (CREATE DATABASE … TEMPLATE on
 * PostgreSQL, a dumped data dir on PGlite), so files are independent and never pay for initdb + migrations.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `atrium_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const templateUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl: templateUrl, dataDir: '' });
    await migrate(database.db);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', url, name });
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const client = new PGlite();
  await migrate((await wrapPglite(client)).db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = join(process.cwd(), '.tmp');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', path });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
