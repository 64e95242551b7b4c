/**
 * (i) Many live `/events` streams in one Atrium process, fed through Redis: memory per stream and publish →
 * receive latency, against a bare node:http SSE server (bench/sse-bare-server.ts) holding the same streams and fed
 * the same events through the same Redis, in the same run.
 *
 * Atrium runs as its own child with REDIS_URL set; the streams' runs are parked in `awaiting` by the offline
 * model's `/tool ask_user` directive, so they stay open without any worker activity. Both servers hold their N
 * streams at once (each from its own client child processes, bench/sse-clients.ts); then measured windows
 * alternate between them (Atrium, floor, floor, Atrium, ...), so a burst of load from elsewhere on the machine hits
 * both. In a window this process publishes `bench.tick` envelopes with the repo's Redis bus (the real cross-process
 * path), round-robin over the runs, at `rate` deliveries per second in all (each publish reaches every stream of
 * its run); the clients record receive − send per frame.
 */
import type { ChildProcess } from 'node:child_process';
import { createRedisEventBus, type EventBus, runEvent } from '../src/platform/events/index.ts';
import { type Command, commandsFor, type MemoryFigures } from './child-rpc.ts';
import { processCpuUs } from './cpu.ts';
import { type Child, startChild, stopChild } from './spawn.ts';
import { formatFanout, type PhaseResult, type Window } from './sse-fanout-report.ts';
import { assertRedis, hardLimitOfShell, parkRuns, raiseFdLimit } from './sse-fanout-setup.ts';

export interface SseFanoutOptions {
  /** Environment of the Atrium child (bench database, fixed credentials). */
  childEnv: NodeJS.ProcessEnv;
  /** An organization admin's session: creates the runs and opens the streams. */
  session: string;
  redisUrl: string;
  /** Children started here are added, so the parent's cleanup stops them whatever happens. */
  children: ChildProcess[];
  streams: number;
  runs: number;
  rate: number;
  /** Measured seconds per window; `rounds` windows per server. */
  seconds: number;
  rounds: number;
  clients: number;
}

/** Descriptors a process needs besides its streams (libraries, pools, pipes). */
const FD_MARGIN = 1024;
const WARMUP_SECONDS = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hrtimeUs = () => Number(process.hrtime.bigint() / 1000n);

interface Server {
  label: string;
  child: Child;
  command: Command;
  /** Stream path of run i, and the authorization header the streams send. */
  paths: string[];
  auth?: string;
  bus: EventBus;
  /** The channel key of run i on `bus`. */
  key(i: number): string;
}

/** A server with its streams open: its clients, and how many streams each run has. */
interface Opened {
  server: Server;
  all(cmd: string, args?: (c: number) => Record<string, unknown>): Promise<any[]>;
  perRun: number[];
  result: PhaseResult;
}

async function openStreams(server: Server, o: SseFanoutOptions, streams: number): Promise<Opened> {
  const clients: Command[] = [];
  for (let c = 0; c < o.clients; c++) {
    const env = { ...process.env, BENCH_TARGET: server.child.info.url, BENCH_AUTH: server.auth ?? '' };
    const child = await startChild('sse-clients.ts', env);
    o.children.push(child.process);
    raiseFdLimit(child.info.pid, Math.ceil(streams / o.clients) + FD_MARGIN);
    clients.push(commandsFor(child.process));
  }
  const all = (cmd: string, args: (c: number) => Record<string, unknown> = () => ({})) =>
    Promise.all(clients.map((send, c) => send(cmd, args(c))));
  // Warm-up: one stream per run (code paths, Redis subscriptions), dropped before the baseline.
  await clients[0]!('open', { paths: server.paths, parallel: 16 });
  await clients[0]!('close');
  await sleep(500);
  const before: MemoryFigures = await server.command('memory');
  const perRun = new Array<number>(server.paths.length).fill(0);
  const shares = clients.map(() => [] as string[]);
  for (let g = 0; g < streams; g++) {
    perRun[g % server.paths.length]!++;
    shares[g % clients.length]!.push(server.paths[g % server.paths.length]!);
  }
  const openStart = performance.now();
  const opened = await all('open', (c) => ({ paths: shares[c], parallel: 32 }));
  const openSeconds = (performance.now() - openStart) / 1000;
  const failed = opened.reduce((n, r) => n + r.failed, 0);
  if (failed > 0) throw new Error(`(i) ${server.label}: ${failed} stream(s) failed to open: ${opened[0]?.firstError}`);
  await sleep(500);
  const after: MemoryFigures = await server.command('memory');
  return { server, all, perRun, result: { label: server.label, streams, openSeconds, before, after, windows: [] } };
}

/** Publishes round-robin over the runs, `perSecond` a second for `seconds`; returns publishes made per run. */
async function publishFor(server: Server, perSecond: number, seconds: number, phase: string): Promise<number[]> {
  const runs = server.paths.length;
  const counts = new Array<number>(runs).fill(0);
  const interval = 1000 / perSecond;
  const start = performance.now();
  let done = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      if (elapsed >= seconds * 1000) return resolve();
      for (const due = Math.floor(elapsed / interval) + 1; done < due; done++) {
        void server.bus.publish(server.key(done % runs), runEvent('bench', 'tick', { sent: hrtimeUs(), phase }));
        counts[done % runs]!++;
      }
      setTimeout(tick, Math.max(0, done * interval - elapsed));
    };
    tick();
  });
  return counts;
}

/** One measured window on one server: a warm-up second, then `seconds` of ticks, then a second of grace. */
async function measureWindow(opened: Opened, o: SseFanoutOptions, round: number): Promise<Window> {
  const { server, all, perRun } = opened;
  const perSecond = o.rate / (opened.result.streams / server.paths.length);
  await all('reset', () => ({ phase: `warm-up-${round}` }));
  await publishFor(server, perSecond, WARMUP_SECONDS, `warm-up-${round}`);
  await all('reset', () => ({ phase: `round-${round}` }));
  await server.command('loopDelay');
  const cpuBefore = processCpuUs(server.child.info.pid);
  const counts = await publishFor(server, perSecond, o.seconds, `round-${round}`);
  await sleep(1000);
  const cpuAfter = processCpuUs(server.child.info.pid);
  const loopDelay = await server.command('loopDelay');
  const reports = await all('report');
  return {
    loopDelayP99: loopDelay.p99,
    latencies: reports.flatMap((r) => r.latencies as number[]),
    expected: counts.reduce((n, count, i) => n + count * perRun[i]!, 0),
    ended: reports.reduce((n, r) => n + r.ended, 0),
    cpuUs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

export async function benchSseFanout(o: SseFanoutOptions): Promise<string> {
  await assertRedis(o.redisUrl);
  const notes: string[] = [`ulimit -Hn of the bench's shell: ${hardLimitOfShell()}`];
  const serverWant = o.streams + FD_MARGIN;
  const atriumEnv = { ...o.childEnv, BENCH_REDIS_URL: o.redisUrl };
  const atrium = await startChild('atrium-server.ts', atriumEnv, ['--expose-gc']);
  o.children.push(atrium.process);
  const barePrefix = `atrium-bench-bare-${process.pid}:`;
  const bareEnv = { ...process.env, BENCH_REDIS_URL: o.redisUrl, BENCH_CHANNEL_PREFIX: barePrefix };
  const bare = await startChild('sse-bare-server.ts', bareEnv, ['--expose-gc']);
  o.children.push(bare.process);
  const limit = Math.min(raiseFdLimit(atrium.info.pid, serverWant), raiseFdLimit(bare.info.pid, serverWant));
  notes.push(`servers' descriptor limit (after prlimit when needed): ${limit}, needed ${serverWant}`);
  let streams = Math.min(o.streams, limit - FD_MARGIN);
  if (streams < o.streams) notes.push(`only ${streams} streams fit the descriptor limit (${limit}), not ${o.streams}`);
  streams -= streams % o.runs;

  process.stdout.write(`(i) parking ${o.runs} runs in awaiting...\n`);
  const runs = await parkRuns(atrium.info.url, o.session, o.runs);
  const atriumBus = createRedisEventBus({ url: o.redisUrl, connectionName: 'atrium-bench-publisher' });
  const bareBus = createRedisEventBus({
    url: o.redisUrl,
    channelPrefix: barePrefix,
    connectionName: 'atrium-bench-bare',
  });
  try {
    process.stdout.write(`(i) opening ${streams} Atrium /events streams...\n`);
    const mine = await openStreams(
      {
        label: 'Atrium /events',
        child: atrium,
        command: commandsFor(atrium.process),
        paths: runs.map((r) => `/v1/threads/${r.threadId}/runs/${r.runId}/events`),
        auth: `Bearer ${o.session}`,
        bus: atriumBus,
        key: (i) => runs[i]!.runId,
      },
      o,
      streams,
    );
    process.stdout.write(`(i) opening ${streams} bare SSE streams...\n`);
    const floor = await openStreams(
      {
        label: 'bare node:http SSE',
        child: bare,
        command: commandsFor(bare.process),
        paths: runs.map((_, i) => `/runs/${i}`),
        bus: bareBus,
        key: (i) => String(i),
      },
      o,
      streams,
    );
    for (let round = 1; round <= o.rounds; round++) {
      process.stdout.write(`round ${round}/${o.rounds}: (i) ${o.rate}/s for ${o.seconds} s on each... `);
      const order = round % 2 === 1 ? [mine, floor] : [floor, mine];
      for (const opened of order) opened.result.windows.push(await measureWindow(opened, o, round));
      process.stdout.write('done\n');
    }
    return formatFanout({ floor: floor.result, mine: mine.result, options: o, notes });
  } finally {
    await atriumBus.close();
    await bareBus.close();
    await stopChild(atrium.process);
    await stopChild(bare.process);
  }
}
