import { useEffect, useRef, useState } from 'react';
import styles from './ConfirmAction.module.css';

interface ConfirmActionProps {
  /** The button that starts the action, e.g. "Suspend". */
  label: string;
  /** Its accessible name when the visible label needs the subject, e.g. "Suspend Max Member". */
  name?: string;
  /** What will happen, asked before it does. */
  question: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * A destructive action asked twice: the first press shows the question with the confirm and cancel buttons and
 * moves the focus to the confirm button; cancelling (or Escape) puts the focus back where it was.
 */
export function ConfirmAction({ label, name, question, confirmLabel, pending, onConfirm }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const start = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (returnFocus.current) start.current?.focus();
  }, [asking]);

  const cancel = () => {
    returnFocus.current = true;
    setAsking(false);
  };

  if (!asking) {
    return (
      <button ref={start} type="button" className="button" aria-label={name} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <fieldset className={styles.confirm} onKeyDown={(e) => e.key === 'Escape' && cancel()}>
      <legend className={styles.question}>{question}</legend>
      <div className={styles.buttons}>
        <button ref={confirm} type="button" className="button button--danger" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--quiet" onClick={cancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
