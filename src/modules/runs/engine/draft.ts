import type { Executor } from '../../../platform/db/client.ts';
import { type RunEventPublisher, runEvent } from '../events.ts';
import { runsStore } from '../store.ts';

/**
 * The reply being drafted. Each piece is written to `runs.partial_text` before it is published as a
 * `tokens.delta` (payload `{ text, offset }`, offset = draft length before it): a stream that subscribes and
 * then reads the snapshot therefore misses nothing, and drops what the snapshot already holds by offset.
 * Pieces arriving while a write is in flight are coalesced into the next write, so the database sees at most
 * one write in flight per run however fast the model streams.
 */
/** The run is no longer running: its draft is closed. */
export class DraftClosed extends Error {
  constructor() {
    super('The run is no longer running; its draft takes no more text');
  }
}

export function createDraftWriter(deps: {
  db: Executor;
  organizationId: string;
  runId: string;
  events: RunEventPublisher;
  /** Length of the draft already stored. */
  initialLength: number;
  onError: (error: unknown) => void;
}) {
  let persisted = deps.initialLength;
  let pending = '';
  let writing: Promise<void> | null = null;
  let failure: unknown = null;

  async function drain(): Promise<void> {
    while (pending !== '') {
      const text = pending;
      pending = '';
      const offset = persisted;
      // A run that stopped running (cancelled) takes no more text, and a piece not stored is never published.
      if (!(await runsStore.appendPartialText(deps.db, deps.organizationId, deps.runId, text))) throw new DraftClosed();
      persisted += text.length;
      await deps.events.publish(deps.runId, runEvent('tokens', 'delta', { text, offset }));
    }
  }

  return {
    get length() {
      return persisted + pending.length;
    },

    append(text: string): void {
      if (text === '') return;
      pending += text;
      writing ??= drain()
        .catch((error: unknown) => {
          failure = error;
          deps.onError(error);
        })
        .finally(() => {
          writing = null;
        });
    },

    /** Waits until everything appended is stored and published; rethrows a failed write. */
    async flush(): Promise<void> {
      while (writing) await writing;
      if (failure) throw failure;
    },
  };
}

export type DraftWriter = ReturnType<typeof createDraftWriter>;
