import type { KindFilter } from './store.ts';

/**
 * Wakes the job lanes that take a kind, so work enqueued is claimed at once rather than at the next poll. It is
 * created before both sides: modules call `wake(kind)` after a commit that enqueued (and, on PostgreSQL, the
 * notify listener calls it for other processes' commits), and each lane listens for its own kinds when it is
 * created, so neither needs the other to exist first.
 */
export interface JobWakeups {
  wake(kind: string): void;
  /** Every lane claims once: after a gap in which wake-ups may have been missed. */
  wakeAll(): void;
  listen(kinds: KindFilter | undefined, wake: () => void): void;
}

export function createJobWakeups(): JobWakeups {
  const lanes: { kinds: KindFilter | undefined; wake: () => void }[] = [];
  const takes = (kinds: KindFilter | undefined, kind: string) =>
    !kinds || ('only' in kinds ? kinds.only.includes(kind) : !kinds.except.includes(kind));
  return {
    wake(kind) {
      for (const lane of lanes) if (takes(lane.kinds, kind)) lane.wake();
    },
    wakeAll() {
      for (const lane of lanes) lane.wake();
    },
    listen(kinds, wake) {
      lanes.push({ kinds, wake });
    },
  };
}
