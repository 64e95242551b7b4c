import { Redis } from 'ioredis';
import { createFanOut, decodeEvent, encodeEvent } from './fan-out.ts';
import { type BusLogger, type EventBus, type Subscription, silentLogger } from './types.ts';

export interface RedisEventBusOptions {
  url: string;
  log?: BusLogger;
  /** Channel of run R is `<prefix><R>`. */
  channelPrefix?: string;
  /** How long `ready` may take before it rejects (Redis unreachable). */
  subscribeTimeoutMs?: number;
  /** CLIENT SETNAME of the subscriber connection (the publisher gets `<name>-pub`). */
  connectionName?: string;
}

const DEFAULT_PREFIX = 'atrium:run:';

/**
 * Redis pub/sub between processes: one publisher and one subscriber connection per process, whatever the
 * number of streams. A run's channel is SUBSCRIBEd when its first local listener arrives and UNSUBSCRIBEd
 * when its last leaves; messages fan out locally. Events published here travel through Redis too, so every
 * listener sees one order: the order of one publisher connection, which Redis keeps per channel.
 * ioredis resubscribes every channel after a reconnect (autoResubscribe); events published while the
 * subscriber was away are gone, so listeners are told through `onLost`.
 */
export function createRedisEventBus(options: RedisEventBusOptions): EventBus {
  const log = options.log ?? silentLogger;
  const prefix = options.channelPrefix ?? DEFAULT_PREFIX;
  const subscribeTimeoutMs = options.subscribeTimeoutMs ?? 5000;
  const name = options.connectionName ?? `atrium-events-${process.pid}`;

  // Subscribe commands wait through reconnects; publishes give up after two attempts (a live event that
  // cannot be sent is dropped and logged rather than stalling the worker).
  const sub = new Redis(options.url, { connectionName: name, maxRetriesPerRequest: null, autoResubscribe: true });
  const pub = new Redis(options.url, { connectionName: `${name}-pub`, maxRetriesPerRequest: 2 });
  const fanOut = createFanOut(log);
  const subscribed = new Map<string, Promise<void>>();
  let closing = false;
  let connected = false;

  for (const [role, client] of [
    ['subscriber', sub],
    ['publisher', pub],
  ] as const) {
    client.on('error', (err: Error) => {
      if (!closing) log.warn({ err: { message: err.message }, role }, 'redis event bus connection error');
    });
  }
  sub.on('ready', () => {
    connected = true;
  });
  sub.on('close', () => {
    if (!connected || closing) return;
    connected = false;
    log.warn({ role: 'subscriber' }, 'redis event bus subscriber lost its connection; live events may be missed');
    fanOut.lost();
  });
  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    const event = decodeEvent(message);
    if (event) fanOut.deliver(channel.slice(prefix.length), event);
    else log.warn({ channel }, 'redis event bus dropped a malformed message');
  });

  function withTimeout(promise: Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Redis did not confirm the subscription within ${subscribeTimeoutMs} ms`)),
        subscribeTimeoutMs,
      );
      timer.unref();
      promise.then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
  }

  return {
    async publish(runId, event) {
      if (closing) return;
      try {
        await pub.publish(prefix + runId, encodeEvent(event));
      } catch (err) {
        log.warn({ err: { message: (err as Error).message }, runId }, 'redis event bus could not publish');
      }
    },

    subscribe(runId, listener, subscribeOptions = {}) {
      if (closing) {
        const ready = Promise.reject(new Error('The event bus is closed'));
        ready.catch(() => {});
        return Object.assign(() => {}, { ready }) satisfies Subscription;
      }
      const { entry, first } = fanOut.add(runId, listener, subscribeOptions);
      if (first) {
        const confirmed = sub.subscribe(prefix + runId).then(() => {});
        confirmed.catch(() => {});
        subscribed.set(runId, confirmed);
      }
      const ready = withTimeout(subscribed.get(runId) ?? Promise.resolve());
      // A consumer that never awaits `ready` must not turn a slow Redis into an unhandled rejection.
      ready.catch(() => {});
      let active = true;
      const unsubscribe = () => {
        if (!active) return;
        active = false;
        if (fanOut.remove(runId, entry) && !closing) {
          subscribed.delete(runId);
          sub.unsubscribe(prefix + runId).catch((err: Error) => {
            log.warn({ err: { message: err.message }, runId }, 'redis event bus could not unsubscribe');
          });
        }
      };
      return Object.assign(unsubscribe, { ready }) satisfies Subscription;
    },

    listenerCount: (runId) => fanOut.count(runId),

    async close() {
      if (closing) return;
      closing = true;
      fanOut.clear();
      subscribed.clear();
      sub.disconnect();
      // QUIT flushes publishes already handed over; a publisher that is not connected has nothing to flush.
      if (pub.status === 'ready') await pub.quit().catch(() => pub.disconnect());
      else pub.disconnect();
    },
  };
}
