import { createFanOut, decodeEvent, encodeEvent } from './fan-out.ts';
import { type BusLogger, type EventBus, type Subscription, silentLogger } from './types.ts';

/**
 * The bus of one process (the embedded default): listeners in a map, events delivered in publish order.
 * Each event is serialised and parsed once, exactly as over Redis, so listeners never share the publisher's
 * objects and a payload that JSON cannot carry behaves the same on both buses.
 */
export function createMemoryEventBus(log: BusLogger = silentLogger): EventBus {
  const fanOut = createFanOut(log);
  let closed = false;

  return {
    async publish(runId, event) {
      if (closed) return;
      const decoded = decodeEvent(encodeEvent(event));
      if (decoded) fanOut.deliver(runId, decoded);
    },

    subscribe(runId, listener, options = {}) {
      const { entry } = fanOut.add(runId, listener, options);
      const unsubscribe = () => {
        fanOut.remove(runId, entry);
      };
      return Object.assign(unsubscribe, { ready: Promise.resolve() }) satisfies Subscription;
    },

    listenerCount: (runId) => fanOut.count(runId),

    async close() {
      closed = true;
      fanOut.clear();
    },
  };
}
