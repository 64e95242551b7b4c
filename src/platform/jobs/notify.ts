import pg from 'pg';
import { loggableError } from '../db/errors.ts';
import { type BackoffOptions, backoffDelay } from './backoff.ts';
import type { JobLogger } from './types.ts';
import type { JobWakeups } from './wakeups.ts';

/** The channel the jobs table's insert trigger (migration 0022) notifies, with the kinds a statement made due. */
export const JOBS_CHANNEL = 'atrium_jobs';
/** Shown in pg_stat_activity, so an operator can tell the listener's backend from the pool's. */
export const LISTENER_APPLICATION_NAME = 'atrium-job-wakeups';
const RECONNECT: BackoffOptions = { baseMs: 100, maxMs: 5_000 };

export interface JobNotifyListener {
  /** Connects and listens; resolves once listening, or after a first failure (it keeps retrying then). */
  start(): Promise<void>;
  /** Stops reconnecting and closes the connection. */
  close(): Promise<void>;
}

export interface JobNotifyOptions {
  databaseUrl: string;
  wakeups: JobWakeups;
  logger: JobLogger;
  reconnect?: BackoffOptions;
}

/**
 * Turns other processes' enqueues into `wake(kind)` for this process's lanes: one dedicated connection (a pooled
 * one would be handed to queries and lose its LISTEN) that reconnects with backoff after an error or a drop, and
 * then wakes every lane once, since notifications sent meanwhile are lost. Polling stays the lanes' fallback.
 */
export function createJobNotifyListener(options: JobNotifyOptions): JobNotifyListener {
  const { wakeups, logger } = options;
  const reconnect = options.reconnect ?? RECONNECT;
  let client: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== JOBS_CHANNEL || !message.payload) return;
    for (const kind of message.payload.split(',')) wakeups.wake(kind);
  };

  function retryLater() {
    if (closed) return;
    failures++;
    timer = setTimeout(() => void connect(), backoffDelay(failures, reconnect));
  }

  function connect(): Promise<void> {
    connecting = (async () => {
      const first = attempts++ === 0;
      const next = new pg.Client({
        connectionString: options.databaseUrl,
        application_name: LISTENER_APPLICATION_NAME,
        keepAlive: true,
      });
      let lost = false;
      // An error and the end of the same connection both arrive; the first one schedules the one retry.
      const onLost = (error?: unknown) => {
        if (lost) return;
        lost = true;
        if (client === next) client = null;
        next.end().catch(() => {});
        if (closed) return;
        if (failures === 0) {
          logger.warn(
            { err: loggableError(error ?? new Error('connection ended')) },
            'job wake-up listener: connection lost; reconnecting (lanes keep polling meanwhile)',
          );
        }
        retryLater();
      };
      next.on('error', onLost);
      next.on('end', () => onLost());
      next.on('notification', onNotification);
      try {
        await next.connect();
        await next.query(`LISTEN ${JOBS_CHANNEL}`);
      } catch (error) {
        onLost(error);
        return;
      }
      if (closed || lost) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      if (failures > 0) logger.info({ failures }, 'job wake-up listener: listening again');
      failures = 0;
      // Lanes claim on start; after any gap, jobs enqueued meanwhile sent notifications nobody heard.
      if (!first) wakeups.wakeAll();
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    start() {
      return attempts === 0 ? connect() : Promise.resolve();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await connecting;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
