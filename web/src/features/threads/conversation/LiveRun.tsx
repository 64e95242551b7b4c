import { useEffect } from 'react';
import { LoadError } from '../../../components/QueryStatus.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useRefreshPendingApprovals } from '../../approvals/index.ts';
import styles from './Message.module.css';
import { MessageFrame } from './MessageFrame.tsx';
import { TurnView } from './TurnView.tsx';
import { useCancelRun } from './use-conversation.ts';
import { useLiveRun } from './use-live-run.ts';

/** A run being followed live, from its first snapshot until its reply is stored in the transcript. */
export function LiveRun({
  threadId,
  runId,
  viewerIsAdmin = false,
}: {
  threadId: string;
  runId: string;
  /** An org admin answers every question of a run they see, a spend-limit pause included. */
  viewerIsAdmin?: boolean;
}) {
  const live = useLiveRun(threadId, runId);
  const cancel = useCancelRun(threadId, runId);
  const refreshApprovals = useRefreshPendingApprovals();
  const interruptId = live.doc?.interrupt?.actId;

  // The run paused on a question: the count in the navigation follows at once, not at its next poll.
  useEffect(() => {
    if (interruptId) refreshApprovals();
  }, [interruptId, refreshApprovals]);

  if (live.error) {
    return (
      <MessageFrame author="Assistant" variant="assistant">
        <LoadError error={live.error} onRetry={live.retry} />
      </MessageFrame>
    );
  }
  if (!live.doc) {
    return (
      <MessageFrame author="Assistant" variant="assistant">
        <p role="status" className={styles.thinking}>
          {live.reconnecting ? 'Reconnecting…' : 'Connecting…'}
        </p>
      </MessageFrame>
    );
  }
  return (
    <>
      <TurnView
        doc={live.doc}
        reconnecting={live.reconnecting}
        onCancel={() => cancel.mutate()}
        cancelling={cancel.isPending}
        viewerIsAdmin={viewerIsAdmin}
      />
      {cancel.isError && (
        <p role="alert" className="alert">
          {describeError(cancel.error)}
        </p>
      )}
    </>
  );
}
