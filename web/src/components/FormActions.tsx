import { ErrorAlert } from './ErrorAlert.tsx';

interface FormActionsProps {
  /** The server's refusal of the last submit, shown in an alert. */
  error: unknown;
  /** While the submit is on its way the button is disabled, so a double click sends once. */
  pending: boolean;
  submitLabel: string;
  /** What the last submit did, read out as a status (e.g. "Saved."); nothing when false or absent. */
  done?: string | false;
}

/** The end of a stacked form: the server's refusal, what was done, and the submit button. */
export function FormActions({ error, pending, submitLabel, done }: FormActionsProps) {
  return (
    <>
      <ErrorAlert error={error} />
      {done && <p role="status">{done}</p>}
      <div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
