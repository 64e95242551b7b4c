import type { TurnDocument } from '@atrium/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useClient } from '../../../lib/client-context.tsx';
import { isTransientFailure } from '../../../lib/errors.ts';
import { threadKeys } from '../threads-api.ts';
import { conversationKeys } from './conversation-api.ts';

export interface LiveRun {
  /** The turn as it stands: null until the first snapshot arrives. */
  doc: TurnDocument | null;
  /** The live stream was lost for good; the reply arrives once the run is stored (delivery keeps trying). */
  reconnecting: boolean;
  /** Why following the run failed for good (refused, not found), or null. */
  error: unknown;
  retry: () => void;
}

/**
 * Follows a run's `/turn` stream until it ends, then waits for durable delivery (the output message is readable)
 * and reloads the transcript, whose stored reply then takes the live one's place. The client's stream reconnects
 * and re-bases on snapshots by itself, so no text is lost or doubled here.
 */
export function useLiveRun(threadId: string, runId: string): LiveRun {
  const client = useClient();
  const queryClient = useQueryClient();
  const [doc, setDoc] = useState<TurnDocument | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` ("Try again") follows the run afresh
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setError(null);
    setReconnecting(false);

    const follow = async () => {
      try {
        for await (const next of client.streamTurn(threadId, runId, { signal })) setDoc(next);
      } catch (failure) {
        if (signal.aborted || !isTransientFailure(failure)) throw failure;
        // The stream stopped reconnecting; delivery goes on trying (stream, then polling) until the run is stored.
        setReconnecting(true);
      }
      await client.awaitDelivery(threadId, runId, { signal });
      for (const queryKey of [
        conversationKeys.transcript(threadId),
        conversationKeys.artifacts(threadId),
        threadKeys.detail(threadId),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    };
    follow().catch((reason: unknown) => {
      if (!signal.aborted) setError(reason);
    });
    return () => controller.abort();
  }, [client, queryClient, threadId, runId, attempt]);

  return { doc, reconnecting, error, retry: () => setAttempt((n) => n + 1) };
}
