import type { TurnDocument } from '@atrium/client';
import { Markdown } from '../../../components/Markdown.tsx';
import { InterruptCard, type PendingInterrupt } from '../../approvals/index.ts';
import { ActivityList } from './ActivityList.tsx';
import { ArtifactLinks } from './ArtifactLinks.tsx';
import styles from './Message.module.css';
import { MessageFrame } from './MessageFrame.tsx';

const STATUS_TEXT: Record<TurnDocument['status'], string> = {
  running: 'Working…',
  awaiting: 'Waiting for you',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const isLive = (status: TurnDocument['status']) => status === 'running' || status === 'awaiting';

const asPending = (interrupt: NonNullable<TurnDocument['interrupt']>): PendingInterrupt => ({
  id: interrupt.actId,
  type: interrupt.type,
  prompt: interrupt.prompt,
  options: interrupt.options,
  multiSelect: interrupt.multiSelect,
});

interface TurnViewProps {
  doc: TurnDocument;
  /** The live stream was lost: what shows is the last known state until the stored reply replaces it. */
  reconnecting: boolean;
  onCancel: () => void;
  cancelling: boolean;
  viewerIsAdmin?: boolean;
}

/**
 * The act keys of a run's pause on a spend limit (the server's engine/spend-gate.ts names them so): only org admins
 * may answer one, so anyone else is told who will rather than shown buttons the API would refuse.
 */
const SPEND_LIMIT_KEY = /^spend-limit:\d+$/;

/** The assistant's reply while its run goes on: steps, text as it streams, a question if it asks one, its files. */
export function TurnView({ doc, reconnecting, onCancel, cancelling, viewerIsAdmin = false }: TurnViewProps) {
  const live = isLive(doc.status);
  return (
    <MessageFrame
      author="Assistant"
      variant="assistant"
      meta={
        <span role="status" className={styles.status}>
          {live && reconnecting ? 'Reconnecting…' : STATUS_TEXT[doc.status]}
        </span>
      }
    >
      {doc.activity.length > 0 && <ActivityList activity={doc.activity} />}
      {doc.message ? <Markdown text={doc.message} /> : live && <p className={styles.thinking}>Thinking…</p>}
      {doc.interrupt && (
        <InterruptCard
          key={doc.interrupt.actId}
          threadId={doc.threadId}
          runId={doc.runId}
          interrupt={asPending(doc.interrupt)}
          answeredBy={SPEND_LIMIT_KEY.test(doc.interrupt.actKey) && !viewerIsAdmin ? 'an organization admin' : null}
        />
      )}
      {doc.artifacts.length > 0 && <ArtifactLinks artifacts={doc.artifacts} />}
      {live && (
        <div className={styles.actions}>
          <button type="button" className="button button--quiet" onClick={onCancel} disabled={cancelling}>
            Cancel run
          </button>
        </div>
      )}
    </MessageFrame>
  );
}
