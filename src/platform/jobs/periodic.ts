/** A pass that runs at start and then every interval, one at a time, until stopped. */
export interface PeriodicPass {
  start(): void;
  /** Stops the timer and waits for a pass in flight. */
  stop(): Promise<void>;
  /** Runs a pass now, or joins the one in flight (tests and wake-ups call it). */
  runOnce(): Promise<number>;
}

/**
 * Runs `pass` at start (so what fell due while nothing ran is handled at once, not an interval later) and then
 * `intervalMs` after each pass ends; passes never overlap. A failing pass goes to `onError` and the next interval
 * retries; the count a pass returns is what `runOnce` resolves to.
 */
export function createPeriodicPass(options: {
  intervalMs: number;
  pass: () => Promise<number>;
  onError: (error: unknown) => void;
}): PeriodicPass {
  let state: 'idle' | 'running' | 'stopped' = 'idle';
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> | null = null;

  function runOnce(): Promise<number> {
    inFlight ??= options
      .pass()
      .catch((error: unknown) => {
        options.onError(error);
        return 0;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  function loop() {
    if (state !== 'running') return;
    timer = setTimeout(() => void runOnce().then(loop), options.intervalMs);
  }

  return {
    start() {
      if (state !== 'idle') return;
      state = 'running';
      void runOnce().then(loop);
    },
    async stop() {
      state = 'stopped';
      clearTimeout(timer);
      if (inFlight) await inFlight;
    },
    runOnce,
  };
}
