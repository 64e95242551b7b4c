import type { Measurement, Target } from './load.ts';

export interface Options {
  only: Set<ScenarioId>;
  rounds: number;
  seconds: number;
  warmup: number;
  concurrency: number;
  cpuProfDir: string | null;
}

export const SCENARIO_IDS = ['a', 'b', 'c', 'd', 'e'] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];

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
