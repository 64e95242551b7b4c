import { loadavg } from 'node:os';
import type { Options, Sample, Scenario, ScenarioId } from './types.ts';

// --- Report ------------------------------------------------------------------------------------------------

export const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const medianOrNull = (values: (number | null)[]): number | null =>
  values.some((v) => v === null) ? null : median(values as number[]);

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
export const int = (n: number) => Math.round(n).toLocaleString('en-US');
const pad = (s: string, n: number) => s.padStart(n);

export function printReport(scenarios: Scenario[], samples: Map<ScenarioId, Sample[]>, options: Options) {
  const rows = scenarios.map((s) => {
    const runs = samples.get(s.id)!;
    const server = medianOrNull(runs.map((r) => (r.serverCpuUs === null ? null : r.serverCpuUs / r.requests)));
    const db = medianOrNull(runs.map((r) => (r.dbCpuUs === null ? null : r.dbCpuUs / r.requests)));
    const load = median(runs.map((r) => r.loadCpuUs / r.requests));
    return {
      s,
      server,
      db,
      load,
      /** All CPU one request costs on this machine: what bounds req/s when the CPUs are the bottleneck. */
      cpu: server === null || db === null ? null : server + db + load,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50Ms)),
      p99: median(runs.map((r) => r.p99Ms)),
      rounds: runs.map((r) => int(r.rps)).join(' / '),
    };
  });
  const out: string[] = [''];
  out.push(
    `${'scenario'.padEnd(46)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}` +
      `${pad('CPU µs/req: server', 20)}${pad('db', 7)}${pad('load', 7)}   req/s by round`,
  );
  for (const r of rows) {
    out.push(
      `${`(${r.s.id}) ${r.s.label}`.padEnd(46)}${pad(int(r.rps), 9)}${pad(r.p50.toFixed(2), 9)}` +
        `${pad(r.p99.toFixed(2), 9)}${pad(r.server === null ? '-' : int(r.server), 20)}` +
        `${pad(r.db === null ? '-' : int(r.db), 7)}${pad(int(r.load), 7)}   ${r.rounds}`,
    );
  }
  const by = new Map(rows.map((r) => [r.s.id, r]));
  const goals: [ScenarioId, ScenarioId, string][] = [
    ['c', 'a', 'identity, API key   vs bare PK select'],
    ['d', 'a', 'identity, session   vs bare PK select'],
    ['e', 'b', 'users page          vs bare 20-row page'],
  ];
  const shown = goals.filter(([x, y]) => by.has(x) && by.has(y));
  if (shown.length > 0) {
    out.push('', `${'goal (req/s ratio)'.padEnd(52)}${pad('ratio', 9)}${pad('goal', 9)}   p99 ratio   CPU ratio`);
    for (const [x, y, label] of shown) {
      const rx = by.get(x)!;
      const ry = by.get(y)!;
      const ratio = rx.rps / ry.rps;
      const cpu = rx.cpu !== null && ry.cpu !== null ? (ry.cpu / rx.cpu).toFixed(2) : '-';
      const verdict = ratio >= 0.8 ? 'meets goal' : 'below goal';
      out.push(
        `${`(${x}) / (${y})  ${label}`.padEnd(52)}${pad(ratio.toFixed(2), 9)}${pad('≥ 0.80', 9)}   ` +
          `${pad(`${(rx.p99 / ry.p99).toFixed(2)}x`, 9)}   ${pad(cpu, 9)}   ${verdict}`,
      );
    }
  }
  out.push(
    '',
    `Median of ${options.rounds} interleaved round(s); ${options.concurrency} requests in flight, ` +
      `${options.warmup} s warm-up + ${options.seconds} s measured per scenario per round.`,
    'CPU µs/req: user+system CPU per request of the server process, of the PostgreSQL backends, and of this ' +
      'load generator.',
    'CPU ratio: total CPU µs/req of the floor over that of the Atrium scenario; it is what the req/s ratio tends ' +
      'to on CPU-bound, otherwise idle hardware, and moves less than req/s when other processes compete.',
    `load average after: ${loadAverage()}`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}

/** The p-quantile (0..1) of unsorted values, nearest-rank; NaN when there are none. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
