import { backoffDelay } from '../jobs/backoff.ts';
import { classifyFailure, type ModelFailure, ModelFailureError, modelError } from './errors.ts';
import type { ModelGatewayConfig, ModelLogger, ResolvedModel } from './types.ts';

/** The reason an aborted caller signal carries (what fetch rejects with too). */
export const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted', 'AbortError');

/**
 * One attempt's abort signal: the caller's signal, a total deadline, and an idle deadline re-armed by `touch()`
 * whenever the vendor sends something. Whichever fires first aborts the attempt; `timedOut` says if it was ours.
 */
export interface Watchdog {
  signal: AbortSignal;
  touch(): void;
  /** Around the caller's own work (onEvent): that time is not the vendor's silence. */
  suspend(): void;
  resume(): void;
  readonly timedOut: ModelFailure | null;
  dispose(): void;
}

export function startWatchdog(caller: AbortSignal | undefined, config: ModelGatewayConfig): Watchdog {
  const controller = new AbortController();
  let timedOut: ModelFailure | null = null;
  let last = Date.now();
  let suspended = false;
  const expire = (detail: string) => {
    if (controller.signal.aborted) return;
    timedOut = { kind: 'timeout', retryable: true, detail };
    controller.abort(new ModelFailureError(timedOut));
  };
  const onCallerAbort = () => controller.abort(abortReason(caller!));
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });

  // Checked lazily: touch() only stamps a time, so a fast stream costs no timer churn per part.
  let idleTimer: NodeJS.Timeout;
  const armIdle = (ms: number) => {
    idleTimer = setTimeout(() => {
      const silent = suspended ? 0 : Date.now() - last;
      if (silent >= config.idleTimeoutMs) expire(`no response within ${config.idleTimeoutMs} ms`);
      else armIdle(config.idleTimeoutMs - silent);
    }, ms);
  };
  armIdle(config.idleTimeoutMs);
  const totalTimer = setTimeout(
    () => expire(`the call took longer than ${config.totalTimeoutMs} ms`),
    config.totalTimeoutMs,
  );
  return {
    signal: controller.signal,
    touch: () => {
      last = Date.now();
    },
    suspend: () => {
      suspended = true;
    },
    resume: () => {
      suspended = false;
      last = Date.now();
    },
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(idleTimer);
      clearTimeout(totalTimer);
      caller?.removeEventListener('abort', onCallerAbort);
    },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Marks an error thrown by the caller's own callback, so it passes through untouched (never a model_error). */
export class CallerError extends Error {
  constructor(readonly original: unknown) {
    super('caller callback failed');
  }
}

export interface AttemptState {
  /** Set once anything (a delta or a tool call) reached the caller: from then on nothing is retried. */
  emitted: boolean;
}

/**
 * Runs `attempt` until it succeeds, retrying retryable failures (429, 408, 5xx, connection errors, our
 * timeouts) with jittered exponential backoff, at most `maxAttempts` times in all, and only while nothing was
 * emitted. An aborted caller gets its signal's reason; every other failure becomes 502 `model_error`.
 */
export async function withAttempts<T>(
  run: {
    model: ResolvedModel;
    config: ModelGatewayConfig;
    logger: ModelLogger;
    signal: AbortSignal | undefined;
    secrets: readonly (string | null)[];
  },
  attempt: (watchdog: Watchdog, state: AttemptState) => Promise<T>,
): Promise<T> {
  const { model, config, logger, signal } = run;
  for (let number = 1; ; number++) {
    if (signal?.aborted) throw abortReason(signal);
    const watchdog = startWatchdog(signal, config);
    const state: AttemptState = { emitted: false };
    try {
      return await attempt(watchdog, state);
    } catch (error) {
      if (error instanceof CallerError) throw error.original;
      if (signal?.aborted) throw abortReason(signal);
      const failure = watchdog.timedOut ?? classifyFailure(error);
      const apiError = modelError(model, failure, run.secrets);
      const again = failure.retryable && !state.emitted && number < config.maxAttempts;
      logger.warn(
        {
          provider: model.providerSlug,
          model: model.modelId,
          attempt: number,
          failure: failure.kind,
          status: failure.status,
          retrying: again,
        },
        apiError.message,
      );
      if (!again) throw apiError;
      const delay = Math.min(
        config.maxDelayMs,
        Math.max(
          backoffDelay(number, { baseMs: config.baseDelayMs, maxMs: config.maxDelayMs }),
          failure.retryAfterMs ?? 0,
        ),
      );
      await sleep(delay, signal);
    } finally {
      watchdog.dispose();
    }
  }
}
