import { ConfirmAction } from '../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import styles from './people.module.css';

interface SuspensionProps {
  /** Whom it is about, e.g. "Max Member". */
  subject: string;
  suspended: boolean;
  /** What each state means for them. */
  activeText: string;
  suspendedText: string;
  /** Asked before suspending: what stops at once. */
  question: string;
  pending: boolean;
  error: unknown;
  onChange: (suspended: boolean) => void;
}

/** A person's or an account's status: suspending asks first, unsuspending does not. */
export function Suspension({
  subject,
  suspended,
  activeText,
  suspendedText,
  question,
  pending,
  error,
  onChange,
}: SuspensionProps) {
  return (
    <section aria-labelledby="status-heading" className={styles.section}>
      <h2 id="status-heading">Status</h2>
      <p>{suspended ? suspendedText : activeText}</p>
      <div>
        {suspended ? (
          <button type="button" className="button" disabled={pending} onClick={() => onChange(false)}>
            Unsuspend
          </button>
        ) : (
          <ConfirmAction
            label="Suspend"
            name={`Suspend ${subject}`}
            question={question}
            confirmLabel="Suspend now"
            pending={pending}
            onConfirm={() => onChange(true)}
          />
        )}
      </div>
      <ErrorAlert error={error} />
    </section>
  );
}
