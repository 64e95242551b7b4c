import type { PeriodicPass } from './periodic.ts';
import type { JobWorker } from './worker.ts';

/**
 * Workers (lanes) of one process started and stopped together, each still woken on its own, with the periodic
 * passes that upkeep the queue itself (pruning), which run wherever workers run.
 */
export interface JobWorkerGroup {
  start(): void;
  /** Stops every lane and pass at once and resolves when all have finished their running work. */
  stop(): Promise<void>;
}

export function groupJobWorkers(lanes: readonly JobWorker[], passes: readonly PeriodicPass[] = []): JobWorkerGroup {
  return {
    start() {
      for (const lane of lanes) lane.start();
      for (const pass of passes) pass.start();
    },
    async stop() {
      await Promise.all([...lanes.map((lane) => lane.stop()), ...passes.map((pass) => pass.stop())]);
    },
  };
}
