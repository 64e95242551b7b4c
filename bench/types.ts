import type { Measurement, Target } from './load.ts';

export interface Options {
  only: Set<BenchId>;
  rounds: number;
  seconds: number;
  warmup: number;
  concurrency: number;
  cpuProfDir: string | null;
  /** The Atrium child's LOG_LEVEL (`--log-level`); silent by default. */
  logLevel: string | null;
  /** (h): runs one at a time per round, bursts per round, runs per burst. */
  runs: { sequential: number; bursts: number; burstSize: number };
  /** (i): streams in all, runs they are spread over, deliveries per second, measured seconds, client processes. */
  fanout: { streams: number; runs: number; rate: number; seconds: number; clients: number };
}

export const SCENARIO_IDS = ['a', 'b', 'c', 'd', 'e'] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];
/**
 * The request scenarios plus (f) the upload, (g) the model gateway, (h) a run's time to first text and (i) SSE
 * fan-out, which report on their own.
 */
export const BENCH_IDS = [...SCENARIO_IDS, 'f', 'g', 'h', 'i'] as const;
export type BenchId = (typeof BENCH_IDS)[number];

export interface Scenario {
  id: ScenarioId;
  label: string;
  /** Which child answers it: its pid is the one whose CPU time is charged to the scenario. */
  server: 'bare' | 'atrium';
  target: Target;
  check(status: number, body: any): boolean;
}

export interface Sample extends Measurement {
  serverCpuUs: number | null;
  dbCpuUs: number | null;
  loadCpuUs: number;
}
