/**
 * `npm run bench:notify`: the enqueue → claim hop of a job, on PostgreSQL (DATABASE_URL: a scratch database is
 * created there and dropped), p50 and p99 of three paths measured in the same run, interleaved:
 *   in-process wake   the enqueuing process's own lane, woken after the commit (what `wakeups.wake` does);
 *   across processes  a lane in another process, woken by the jobs trigger's NOTIFY through its listener;
 *   polling alone     a lane in another process without the listener, found by its 500 ms poll (the fallback).
 * A hop runs from just before the enqueue (an autocommitted insert) to the start of the job's handler; across
 * processes both ends read the machine's wall clock (performance.timeOrigin + now).
 *
 * Options: --hops=N (default 300) --poll-hops=N (default 40: each costs up to a poll)
 */
import { performance } from 'node:perf_hooks';
import { migrate } from '../src/platform/db/migrate.ts';
import { createJobWakeups, createJobWorker, enqueue } from '../src/platform/jobs/index.ts';
import { type Command, commandsFor } from './child-rpc.ts';
import { loadAverage } from './report.ts';
import { formatMs, openScratchDatabase } from './scratch-database.ts';
import { type Child, startChild, stopChild } from './spawn.ts';

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Math.max(1, Math.round(Number(hit.split('=')[1]))) : fallback;
};
const HOPS = arg('hops', 300);
const POLL_HOPS = arg('poll-hops', 40);
/** The lanes' default poll (createJobWorker), which the children keep. */
const POLL_MS = 500;
const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main() {
  const adminUrl = process.env.DATABASE_URL?.trim();
  if (!adminUrl) throw new Error('bench:notify needs DATABASE_URL: NOTIFY crosses processes only on PostgreSQL');
  const { database, drop } = await openScratchDatabase('atrium_bench_notify');
  const children: Child[] = [];
  const wakeups = createJobWakeups();
  const local = new Map<string, (at: number) => void>();
  const early = new Map<string, number>();
  // The floor: this process's own lane, woken in-process the way a module wakes it after its commit.
  const lane = createJobWorker({
    db: database.db,
    kinds: { only: ['bench.local'] },
    concurrency: 64,
    wakeups,
    handlers: {
      'bench.local': async (job) => {
        const at = now();
        const resolve = local.get(job.id);
        if (resolve) resolve(at);
        else early.set(job.id, at);
      },
    },
  });
  const samples = new Map<string, number[]>();
  try {
    await migrate(database.db);
    const url = new URL(adminUrl);
    url.pathname = `/atrium_bench_notify_${process.pid}`;
    const child = async (kind: string, listen: boolean) => {
      const started = await startChild('jobs-notify-child.ts', {
        ...process.env,
        BENCH_DATABASE_URL: url.toString(),
        BENCH_KIND: kind,
        BENCH_LISTEN: listen ? '1' : '0',
      });
      children.push(started);
      return commandsFor(started.process);
    };
    const [notified, polled] = await Promise.all([child('bench.notified', true), child('bench.polled', false)]);
    lane.start();

    const inProcess = async () => {
      const t0 = now();
      const id = await enqueue(database.db, { kind: 'bench.local', payload: {} });
      wakeups.wake('bench.local');
      const at = early.get(id) ?? (await new Promise<number>((resolve) => local.set(id, resolve)));
      early.delete(id);
      local.delete(id);
      return at - t0;
    };
    const acrossTo =
      (child: Command, kind: string, phase = 0) =>
      async () => {
        // A poller's next poll is 500 ms after its last claim: a random point of that cycle, or every hop waits it out.
        await pause(Math.random() * phase);
        const t0 = now();
        const id = await enqueue(database.db, { kind, payload: {} });
        return ((await child('claimedAt', { job: id })) as number) - t0;
      };
    const paths: [string, () => Promise<number>, number][] = [
      ['in-process wake', inProcess, HOPS],
      ['across processes (NOTIFY)', acrossTo(notified, 'bench.notified'), HOPS],
      ['across processes (polling alone)', acrossTo(polled, 'bench.polled', POLL_MS), POLL_HOPS],
    ];
    for (const [name] of paths) samples.set(name, []);
    process.stdout.write(`enqueue → claim, ${HOPS} hops per path (${POLL_HOPS} polling alone), interleaved...\n`);
    for (const [, hop] of paths) await hop(); // warm-up: plans, connections
    for (let i = 0; i < HOPS; i++) {
      for (const [name, hop, count] of paths) {
        if (i < count) samples.get(name)!.push(await hop());
      }
      // Idle lanes between hops, as in a quiet system.
      await pause(Math.random() * 20);
    }
  } finally {
    await lane.stop();
    await Promise.all(children.map((c) => stopChild(c.process)));
    await database.close();
    await drop(false);
  }

  console.log(`\nload average: ${loadAverage()}`);
  console.log(`${'path'.padEnd(36)}${'hops'.padStart(6)}${'p50'.padStart(10)}${'p99'.padStart(10)}`);
  for (const [name, s] of samples) {
    console.log(
      `${name.padEnd(36)}${String(s.length).padStart(6)}${formatMs(percentile(s, 50))}${formatMs(percentile(s, 99))}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
