import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BENCH_IDS, type BenchId, type Options } from './types.ts';

/** `npm run bench -- <options>`; see docs/benchmarks.md for what each one does. */
export function parseOptions(argv: string[]): Options {
  const options: Options = {
    only: new Set(BENCH_IDS),
    rounds: 3,
    seconds: 4,
    warmup: 1,
    concurrency: 32,
    cpuProfDir: null,
    logLevel: null,
    runs: { sequential: 100, bursts: 4, burstSize: 50 },
    fanout: { streams: 10_000, runs: 100, rate: 10_000, seconds: 5, clients: 2 },
  };
  for (const arg of argv) {
    const [flag, value] = arg.split('=', 2) as [string, string | undefined];
    const num = () => {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} needs a positive number`);
      return n;
    };
    const int = () => Math.max(1, Math.round(num()));
    if (flag === '--only') {
      const ids = (value ?? '').split(',').map((s) => s.trim());
      if (ids.length === 0 || ids.some((id) => !BENCH_IDS.includes(id as BenchId)))
        throw new Error(`--only takes scenario letters ${BENCH_IDS[0]} to ${BENCH_IDS.at(-1)}, comma-separated`);
      options.only = new Set(ids as BenchId[]);
    } else if (flag === '--rounds') options.rounds = int();
    else if (flag === '--seconds') options.seconds = num();
    else if (flag === '--warmup') options.warmup = num();
    else if (flag === '--concurrency') options.concurrency = int();
    else if (flag === '--log-level') options.logLevel = value ?? 'info';
    else if (flag === '--cpu-prof') options.cpuProfDir = resolve(value ?? join(tmpdir(), 'atrium-bench-profiles'));
    else if (flag === '--runs-sequential') options.runs.sequential = int();
    else if (flag === '--runs-bursts') options.runs.bursts = int();
    else if (flag === '--runs-burst-size') options.runs.burstSize = int();
    else if (flag === '--sse-streams') options.fanout.streams = int();
    else if (flag === '--sse-runs') options.fanout.runs = int();
    else if (flag === '--sse-rate') options.fanout.rate = int();
    else if (flag === '--sse-seconds') options.fanout.seconds = num();
    else if (flag === '--sse-clients') options.fanout.clients = int();
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}
