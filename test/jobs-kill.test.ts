import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createJobWorker, enqueue, getJob, type JobLogger } from '../src/platform/jobs/index.ts';
import { cloneTestDatabase } from './helpers/database.ts';
import { withDatabase } from './helpers/global-setup.ts';

/**
 * A worker killed with SIGKILL mid-job: its lease expires and another worker completes the job. This needs two
 * processes on one database, so it always runs on PostgreSQL: the run's database when DATABASE_URL is set,
 * otherwise a database created here on the local server (always present on this machine and in CI).
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHILD = join(ROOT, 'test', 'helpers', 'job-worker-child.ts');
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LEASE_MS = 1500;

let database: Database;
let url: string;
let drop: () => Promise<void>;

async function ownDatabase(): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const name = `atrium_jobkill_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: LOCAL_POSTGRES });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = withDatabase(LOCAL_POSTGRES, name);
  const opened = await openDatabase({ databaseUrl: own, dataDir: '' });
  await migrate(opened.db);
  return {
    database: opened,
    url: own,
    async drop() {
      const client = new pg.Client({ connectionString: LOCAL_POSTGRES });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

beforeAll(async () => {
  const opened = process.env.DATABASE_URL ? await cloneTestDatabase() : await ownDatabase();
  database = opened.database;
  url = opened.url!;
  drop = opened.drop;
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

const silent: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the first stdout line matching `pattern`; rejects if the child exits or time runs out. */
function lineFrom(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    const timer = setTimeout(
      () => reject(new Error(`child printed no ${pattern} in time; stderr: ${stderr}`)),
      timeoutMs,
    );
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => pattern.test(l));
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code ?? signal}) before ${pattern}; stderr: ${stderr}`));
    });
  });
}

describe('a worker killed mid-job', () => {
  it('loses the job to another worker after its lease, which completes it exactly once', async () => {
    const db = database.db;
    await db.execute(
      sql`create table kill_effects (job_id uuid primary key, worker text not null, at timestamptz not null default now())`,
    );
    const id = await enqueue(db, { kind: 'kill.hang', payload: { step: 'once' }, maxAttempts: 3 });

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: { ...process.env, JOB_DATABASE_URL: url, JOB_LEASE_MS: String(LEASE_MS), JOB_WORKER_ID: 'doomed' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    const rescues: number[] = [];
    const rescuer = createJobWorker({
      db,
      workerId: 'rescuer',
      pollMs: 50,
      logger: silent,
      handlers: {
        'kill.hang': async (job) => {
          rescues.push(job.attempt);
          await db.execute(
            sql`insert into kill_effects (job_id, worker) values (${job.id}, 'rescuer') on conflict (job_id) do nothing`,
          );
        },
      },
    });
    try {
      expect(await lineFrom(child, /^started /, 20_000)).toBe(`started ${id}`);
      // Let the child heartbeat at least once, so the lease it holds is one it kept alive.
      await sleep(LEASE_MS / 2);
      expect(await getJob(db, id)).toMatchObject({ status: 'running', lockedBy: 'doomed', attempts: 1 });
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      // The dead worker's last lease, on the database clock; nobody extends it any more.
      const lease = (await getJob(db, id))!.leaseExpiresAt!;

      rescuer.start();
      const deadline = Date.now() + 15_000;
      while ((await getJob(db, id))?.status !== 'completed') {
        if (Date.now() > deadline) throw new Error('the job was not reclaimed and completed in time');
        await sleep(50);
      }
      await rescuer.stop();

      expect(await getJob(db, id)).toMatchObject({ status: 'completed', attempts: 2, lockedBy: 'rescuer' });
      expect(rescues).toEqual([2]);
      const effects = (
        (await db.execute(sql`select worker, at from kill_effects where job_id = ${id}`)) as unknown as {
          rows: { worker: string; at: Date | string }[];
        }
      ).rows;
      expect(effects).toHaveLength(1);
      expect(effects[0]!.worker).toBe('rescuer');
      // Not reclaimed before the lease expired.
      expect(new Date(effects[0]!.at).getTime()).toBeGreaterThanOrEqual(lease.getTime());
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rescuer.stop();
    }
  });
});
