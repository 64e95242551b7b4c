/**
 * One live event of a run, as the `/events` stream shows it (`<channel>.<type>` is the SSE event name).
 * Live events are ephemeral: durable state is in the database and a client re-bases on the run snapshot.
 */
export interface RunEvent {
  channel: string;
  type: string;
  actId: string | null;
  payload: Record<string, unknown>;
  /** Seconds since the epoch (float), when the event was made. */
  ts: number;
}

export type RunEventListener = (event: RunEvent) => void;

export interface SubscribeOptions {
  /**
   * Called when the transport may have dropped events for this subscription (the Redis subscriber
   * connection was lost). The subscription itself survives and resumes after the reconnect, but a consumer
   * that needs a gap-free sequence (an SSE stream) should close and let its client re-snapshot.
   */
  onLost?: () => void;
}

/** The unsubscribe function, carrying `ready`. Calling it more than once is harmless. */
export interface Subscription {
  (): void;
  /**
   * Resolves once events published from now on will reach the listener (in-process: at once; Redis: when the
   * SUBSCRIBE is acknowledged). Rejects when the transport cannot subscribe in time; a consumer that reads
   * durable state after subscribing must wait for it, or events published in between could be missed.
   */
  readonly ready: Promise<void>;
}

export interface EventBus {
  /**
   * Resolves once the event is handed to the transport. Never rejects: live events are best effort (the
   * durable state is what counts), so a transport failure is logged and the event dropped.
   * Events of one run published from one process reach every listener in publish order.
   */
  publish(runId: string, event: RunEvent): Promise<void>;
  /** Registers synchronously; the listener receives events of `runId` published after `ready` resolves. */
  subscribe(runId: string, listener: RunEventListener, options?: SubscribeOptions): Subscription;
  /** Local listeners of a run in this process (for leak checks and metrics). */
  listenerCount(runId: string): number;
  close(): Promise<void>;
}

/** The pino-compatible part of a logger the bus uses. */
export interface BusLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLogger: BusLogger = { warn() {}, error() {} };

/** Builds an envelope stamped now. */
export function runEvent(
  channel: string,
  type: string,
  payload: Record<string, unknown> = {},
  actId: string | null = null,
): RunEvent {
  return { channel, type, actId, payload, ts: Date.now() / 1000 };
}
