import { Worker } from 'node:worker_threads';
import { UnreadableFile } from './errors.ts';
import type { ExtractLimits } from './limits.ts';

/** What the worker (worker.mjs) knows how to read. */
export type WorkerFormat = 'text' | 'json' | 'html' | 'pdf' | 'docx' | 'xlsx';

type WorkerAnswer = { ok: true; text: string; truncated: boolean } | { ok: false; message: string };

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

/**
 * Reads one file in a worker thread of its own, so parsing never blocks the event loop that serves HTTP, and a
 * file that is slow, memory-hungry or hostile costs only that thread: it is terminated past `timeoutMs`, and V8
 * stops it past `memoryMb` of heap. A fresh thread per file keeps no state (or leaked memory) between files; its
 * start (50-300 ms here, the office libraries being the slowest to load) is small next to indexing. Rejects with
 * UnreadableFile when the file is at fault, with a plain Error when the worker could not start (worth a retry).
 */
export function runExtraction(
  format: WorkerFormat,
  data: Buffer,
  maxChars: number,
  limits: ExtractLimits,
): Promise<{ text: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { format, data, maxChars },
      // Plain JavaScript: no need for the parent's loaders (tsx), which would only slow the start.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    let online = false;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      worker.terminate().catch(() => {});
    };
    const timer = setTimeout(() => {
      const seconds = limits.timeoutMs / 1000;
      settle(() => reject(new UnreadableFile(`reading it took longer than ${seconds} s, so it was stopped`)));
    }, limits.timeoutMs);

    worker.on('online', () => {
      online = true;
    });
    worker.on('message', (answer: WorkerAnswer) =>
      settle(() =>
        answer.ok
          ? resolve({ text: answer.text, truncated: answer.truncated })
          : reject(new UnreadableFile(answer.message)),
      ),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          reject(new UnreadableFile(`reading it needed more than ${limits.memoryMb} MB of memory, so it was stopped`));
        } else if (!online) {
          reject(new Error(`the extraction worker could not start: ${error.message}`));
        } else {
          reject(new UnreadableFile(error.message));
        }
      }),
    );
    worker.on('exit', (code) =>
      settle(() =>
        reject(
          online
            ? new UnreadableFile(`its reader stopped unexpectedly (exit code ${code})`)
            : new Error(`the extraction worker exited before starting (code ${code})`),
        ),
      ),
    );
  });
}
