import { type FormEvent, useId, useState } from 'react';
import type { InterruptAnswer } from './approvals-api.ts';
import styles from './InterruptCard.module.css';

interface ApprovalActionsProps {
  busy: boolean;
  onAnswer: (answer: InterruptAnswer) => void;
}

/** Approve at once; rejecting first asks why (optional), so a stray click does not decline. */
export function ApprovalActions({ busy, onAnswer }: ApprovalActionsProps) {
  const [rejecting, setRejecting] = useState(false);
  const reasonId = useId();

  if (!rejecting) {
    return (
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => onAnswer({ action: 'approve' })}
        >
          Approve
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setRejecting(true)}>
          Reject
        </button>
      </div>
    );
  }

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason')).trim();
    onAnswer({ action: 'reject', reason });
  };

  return (
    <form onSubmit={reject} className="stack">
      <div className="field">
        <label htmlFor={reasonId}>Reason</label>
        {/* biome-ignore lint/a11y/noAutofocus: the person just asked to reject; the reason is the next thing to type */}
        <textarea id={reasonId} name="reason" rows={2} maxLength={2000} autoFocus />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button--danger" disabled={busy}>
          Confirm rejection
        </button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => setRejecting(false)}>
          Back
        </button>
      </div>
    </form>
  );
}
