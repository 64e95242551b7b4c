import type { Clock } from '../../src/platform/clock.ts';

/**
 * The clock a test app decides expiry by: the system time plus an offset that only grows. Time keeps flowing as
 * in production, and a test moves it past an expiry at once instead of sleeping until the expiry passes.
 */
export interface TestClock extends Clock {
  /** Moves the clock `ms` forward. */
  advance(ms: number): void;
  /** Moves the clock forward to `instant` (it then keeps flowing from there); an instant already past is a bug. */
  advanceTo(instant: Date): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  return {
    now,
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError(`a clock only moves forward (advance(${ms}))`);
      offset += ms;
    },
    advanceTo(instant) {
      const ahead = instant.getTime() - now().getTime();
      if (ahead < 0) throw new RangeError(`the clock is already past ${instant.toISOString()}`);
      offset += ahead;
    },
  };
}
