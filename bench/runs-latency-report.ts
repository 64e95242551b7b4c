/** The (h) report: time to first text of a run beside the enqueue → claim floor, CPU per run, the goals. */
import { loadAverage, percentile } from './report.ts';

export interface RunSample {
  /** POST start → 201 read, ms. */
  post: number;
  /** POST start → first text on the stream, ms. */
  firstText: number;
  /** Where the first text came from. */
  source: 'delta' | 'snapshot';
}

/** CPU µs spent by a measured block: the process under test and its database's backends (null: unreadable). */
export interface CpuTally {
  processUs: number | null;
  databaseUs: number | null;
}

export const emptyTally = (): CpuTally => ({ processUs: 0, databaseUs: 0 });

export interface RunsLatencyResult {
  seq: RunSample[];
  burst: RunSample[];
  floorSeq: number[];
  floorBurst: number[];
  cpu: { seq: CpuTally; burst: CpuTally; floorSeq: CpuTally; floorBurst: CpuTally };
}

const GOALS = { seqP50: 10, seqP99: 30, burstP99: 100 };

export function formatRunsLatency(options: { rounds: number; burstSize: number }, r: RunsLatencyResult): string {
  const ms = (v: number) => v.toFixed(2).padStart(9);
  const perRun = ({ processUs, databaseUs }: CpuTally, count: number) => {
    if (processUs === null || databaseUs === null || count === 0) return '-'.padStart(22);
    const [p, d] = [processUs / count / 1000, databaseUs / count / 1000];
    return `${(p + d).toFixed(2).padStart(8)} = ${p.toFixed(2)} + ${d.toFixed(2)}`.padStart(22);
  };
  const row = (label: string, values: number[], cpu: string, floorValues?: number[]) => {
    const [p50, p99] = [percentile(values, 0.5), percentile(values, 0.99)];
    const ratio = floorValues
      ? `${`${(p50 / percentile(floorValues, 0.5)).toFixed(1)}x`.padStart(9)}${`${(p99 / percentile(floorValues, 0.99)).toFixed(1)}x`.padStart(9)}`
      : ''.padStart(18);
    return `${label.padEnd(60)}${ms(p50)}${ms(p99)}${ratio}${cpu}`;
  };
  const block = (title: string, samples: RunSample[], floorValues: number[], cpu: CpuTally, floorCpu: CpuTally) => {
    const deltas = samples.filter((s) => s.source === 'delta').length;
    return [
      title,
      row(
        '    floor: enqueue (own transaction) → claimed by the worker',
        floorValues,
        perRun(floorCpu, floorValues.length),
      ),
      row(
        '(h) POST message → first text on /events',
        samples.map((s) => s.firstText),
        perRun(cpu, samples.length),
        floorValues,
      ),
      row(
        '      POST → 201',
        samples.map((s) => s.post),
        '',
      ),
      row(
        '      201 → first text',
        samples.map((s) => s.firstText - s.post),
        '',
      ),
      `      first text came as a live tokens.delta in ${deltas} of ${samples.length} runs (else in the snapshot)`,
    ];
  };
  const verdict = (value: number, goal: number) => `${value.toFixed(1)} ms ${value <= goal ? '≤' : '>'} ${goal} ms`;
  const total = (samples: RunSample[], p: number) =>
    percentile(
      samples.map((s) => s.firstText),
      p,
    );
  const seqOk = total(r.seq, 0.5) <= GOALS.seqP50 && total(r.seq, 0.99) <= GOALS.seqP99;
  const burstOk = total(r.burst, 0.99) <= GOALS.burstP99;
  const n = options.burstSize;
  return [
    '',
    `${'time to first text of a run'.padEnd(60)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'ratio p50'.padStart(10)}${'p99'.padStart(8)}${'CPU ms/run = proc + db'.padStart(24)}`,
    ...block(`concurrency 1 (${r.seq.length} runs, one at a time)`, r.seq, r.floorSeq, r.cpu.seq, r.cpu.floorSeq),
    ...block(
      `concurrency ${n} (${r.burst.length / n} bursts of ${n} runs on ${n} threads, posted together)`,
      r.burst,
      r.floorBurst,
      r.cpu.burst,
      r.cpu.floorBurst,
    ),
    '',
    `goal c1: p50 ${verdict(total(r.seq, 0.5), GOALS.seqP50)}, p99 ${verdict(total(r.seq, 0.99), GOALS.seqP99)}: ` +
      `${seqOk ? 'met' : 'NOT met'}`,
    `goal c${n}: p99 ${verdict(total(r.burst, 0.99), GOALS.burstP99)}: ${burstOk ? 'met' : 'NOT met'}`,
    `    ${options.rounds} round(s) after a warm-up round, samples pooled; offline model (no delay), in-process bus;`,
    '    CPU ms/run: user+system CPU of the process under test (Atrium child; for the floor this process) plus that',
    `    of its database's PostgreSQL backends, per run (per job for the floor); load average after: ${loadAverage()}`,
  ].join('\n');
}
