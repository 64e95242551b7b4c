import type { FastifyInstance } from 'fastify';
import { loggableError } from '../db/errors.ts';
import type { LocalBlobStorage } from './local.ts';

/**
 * How often the process serving local uploads sweeps their temp files. With STALE_TEMP_MS (30 minutes) an
 * abandoned temp file is gone at most 40 minutes after its last write, so within the hour.
 */
export const TEMP_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Sweeps while the app runs: from onReady (where `start` has swept once) until close. The timer is unref'd,
 * so it never keeps a process alive on its own.
 */
export function scheduleTempSweeps(
  app: FastifyInstance,
  storage: LocalBlobStorage,
  intervalMs = TEMP_SWEEP_INTERVAL_MS,
): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      storage.sweepTemps().catch((error: unknown) => {
        app.log.warn({ err: loggableError(error) }, 'blob temp sweep failed');
      });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
