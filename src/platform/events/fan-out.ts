import { loggableError } from '../db/errors.ts';
import type { BusLogger, RunEvent, RunEventListener, SubscribeOptions } from './types.ts';

interface Entry {
  listener: RunEventListener;
  options: SubscribeOptions;
}

/**
 * The local side of either bus: listeners per run, and delivery of each event to a snapshot of them.
 * Deliveries are queued, so a listener that publishes (or an event delivered while another is being
 * delivered) never overtakes an earlier event: every listener sees one run's events in one order.
 */
export function createFanOut(log: BusLogger) {
  const runs = new Map<string, Set<Entry>>();
  const queue: [string, RunEvent][] = [];
  let delivering = false;

  function deliverOne(runId: string, event: RunEvent): void {
    const entries = runs.get(runId);
    if (!entries) return;
    for (const entry of [...entries]) {
      // One that unsubscribed while an earlier listener ran gets nothing more.
      if (!entries.has(entry)) continue;
      try {
        entry.listener(event);
      } catch (err) {
        log.error({ err: loggableError(err), runId }, 'run event listener failed');
      }
    }
  }

  return {
    /** Adds a listener; `first` says whether it is the run's first one here. */
    add(runId: string, listener: RunEventListener, options: SubscribeOptions): { entry: Entry; first: boolean } {
      let entries = runs.get(runId);
      const first = entries === undefined;
      if (!entries) {
        entries = new Set();
        runs.set(runId, entries);
      }
      const entry = { listener, options };
      entries.add(entry);
      return { entry, first };
    },

    /** Removes a listener; true when it was the run's last one here. */
    remove(runId: string, entry: Entry): boolean {
      const entries = runs.get(runId);
      if (!entries?.delete(entry)) return false;
      if (entries.size > 0) return false;
      runs.delete(runId);
      return true;
    },

    deliver(runId: string, event: RunEvent): void {
      queue.push([runId, event]);
      if (delivering) return;
      delivering = true;
      try {
        for (let next = queue.shift(); next; next = queue.shift()) deliverOne(next[0], next[1]);
      } finally {
        delivering = false;
      }
    },

    has(runId: string): boolean {
      return runs.has(runId);
    },

    count(runId: string): number {
      return runs.get(runId)?.size ?? 0;
    },

    runIds(): string[] {
      return [...runs.keys()];
    },

    /** Tells every listener that events may have been missed. */
    lost(): void {
      for (const [runId, entries] of runs) {
        for (const entry of [...entries]) {
          try {
            entry.options.onLost?.();
          } catch (err) {
            log.error({ err: loggableError(err), runId }, 'run event onLost handler failed');
          }
        }
      }
    },

    clear(): void {
      runs.clear();
      queue.length = 0;
    },
  };
}

export type FanOut = ReturnType<typeof createFanOut>;

/** The envelope as it travels: one JSON text, parsed once per delivery, so both buses hand out the same shapes. */
export function encodeEvent(event: RunEvent): string {
  return JSON.stringify({
    channel: event.channel,
    type: event.type,
    actId: event.actId,
    payload: event.payload,
    ts: event.ts,
  });
}

export function decodeEvent(text: string): RunEvent | null {
  try {
    const value = JSON.parse(text) as Partial<RunEvent> | null;
    if (!value || typeof value.channel !== 'string' || typeof value.type !== 'string') return null;
    return {
      channel: value.channel,
      type: value.type,
      actId: typeof value.actId === 'string' ? value.actId : null,
      payload: value.payload && typeof value.payload === 'object' ? value.payload : {},
      ts: typeof value.ts === 'number' ? value.ts : Date.now() / 1000,
    };
  } catch {
    return null;
  }
}
