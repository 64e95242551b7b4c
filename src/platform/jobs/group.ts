import type { JobWorker } from './worker.ts';

/** Workers (lanes) of one process started and stopped together; each is still woken on its own. */
export interface JobWorkerGroup {
  start(): void;
  /** Stops every lane at once and resolves when all have finished their running jobs. */
  stop(): Promise<void>;
}

export function groupJobWorkers(lanes: readonly JobWorker[]): JobWorkerGroup {
  return {
    start() {
      for (const lane of lanes) lane.start();
    },
    async stop() {
      await Promise.all(lanes.map((lane) => lane.stop()));
    },
  };
}
