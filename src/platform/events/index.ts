import { createMemoryEventBus } from './memory-bus.ts';
import { createRedisEventBus } from './redis-bus.ts';
import { type BusLogger, type EventBus, silentLogger } from './types.ts';

export { createMemoryEventBus } from './memory-bus.ts';
export { createRedisEventBus } from './redis-bus.ts';
export * from './types.ts';

/**
 * The run event bus of this process: Redis pub/sub when REDIS_URL is set (several processes share live
 * events), otherwise in-process (the embedded default, one process). The caller closes it on shutdown.
 */
export function createEventBus(config: { redisUrl: string | null }, log: BusLogger = silentLogger): EventBus {
  return config.redisUrl ? createRedisEventBus({ url: config.redisUrl, log }) : createMemoryEventBus(log);
}
