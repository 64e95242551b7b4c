/**
 * A job worker in its own process, for test/jobs-kill.test.ts: it claims jobs of kind `kill.hang` with a short
 * lease, prints `started <jobId>` and then hangs (its heartbeat keeps the lease alive) until the test kills it.
 * Environment: JOB_DATABASE_URL (PostgreSQL), JOB_LEASE_MS, JOB_WORKER_ID.
 */
import { openDatabase } from '../../src/platform/db/client.ts';
import { createJobWorker } from '../../src/platform/jobs/index.ts';

const url = process.env.JOB_DATABASE_URL;
if (!url) throw new Error('JOB_DATABASE_URL is required');
const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
const worker = createJobWorker({
  db: database.db,
  workerId: process.env.JOB_WORKER_ID ?? 'child',
  leaseMs: Number(process.env.JOB_LEASE_MS ?? 1500),
  pollMs: 50,
  concurrency: 1,
  handlers: {
    'kill.hang': async (job) => {
      process.stdout.write(`started ${job.id}\n`);
      await new Promise(() => {});
    },
  },
});
worker.start();
process.stdout.write('ready\n');
