/**
 * Benchmark child of `bench:notify`: a job lane of one kind in a process of its own, on the database the parent
 * names (BENCH_DATABASE_URL), with the notify listener when BENCH_LISTEN=1 (else polling alone, every 500 ms as
 * deployed). Answers `claimedAt { job }` with the wall-clock time (performance.timeOrigin + now) its handler began
 * that job, so the parent can subtract the time it sent the enqueue.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/platform/db/client.ts';
import { consoleJobLogger, createJobWakeups, createJobWorker } from '../src/platform/jobs/index.ts';
import { createJobNotifyListener } from '../src/platform/jobs/notify.ts';
import { announce, exitWithParent, fail } from './child.ts';
import { serveCommands } from './child-rpc.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? fail('BENCH_DATABASE_URL is required');
const kind = process.env.BENCH_KIND ?? fail('BENCH_KIND is required');

async function main() {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const wakeups = createJobWakeups();
  const claimed = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const lane = createJobWorker({
    db: database.db,
    kinds: { only: [kind] },
    concurrency: 64,
    wakeups,
    handlers: {
      [kind]: async (job) => {
        const at = performance.timeOrigin + performance.now();
        const resolve = waiting.get(job.id);
        if (resolve) resolve(at);
        else claimed.set(job.id, at);
      },
    },
  });
  const listener =
    process.env.BENCH_LISTEN === '1'
      ? createJobNotifyListener({ databaseUrl, wakeups, logger: consoleJobLogger })
      : null;
  await listener?.start();
  lane.start();
  exitWithParent(async () => {
    await listener?.close();
    await lane.stop();
    await database.close();
  });
  serveCommands({
    claimedAt: ({ job }) => {
      const early = claimed.get(job);
      claimed.delete(job);
      return early ?? new Promise<number>((resolve) => waiting.set(job, resolve));
    },
  });
  announce({ url: '', pid: process.pid });
}

main().catch(fail);
