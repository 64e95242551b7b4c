import { type FormEvent, useId } from 'react';
import type { InterruptAnswer, PendingInterrupt } from './approvals-api.ts';
import styles from './InterruptCard.module.css';

interface ClarificationFormProps {
  interrupt: PendingInterrupt;
  busy: boolean;
  onAnswer: (answer: InterruptAnswer) => void;
}

/**
 * A question from the run: single-choice options answer with one click, multi-choice ones are checkboxes sent with
 * "Send answer", and the "Answer" box takes anything else (or adds to the chosen options).
 */
export function ClarificationForm({ interrupt, busy, onAnswer }: ClarificationFormProps) {
  const answerId = useId();
  const { options, multiSelect } = interrupt;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = String(form.get('answer')).trim();
    const chosen = form.getAll('option').map(String);
    if (chosen.length > 0) onAnswer({ action: 'resume', answer: text ? [...chosen, text] : chosen });
    else if (text) onAnswer({ action: 'resume', answer: text });
  };

  return (
    <form onSubmit={send} className="stack">
      {options.length > 0 && !multiSelect && (
        <div className={styles.actions}>
          {options.map((option) => (
            <button
              key={option}
              type="button"
              className="button"
              disabled={busy}
              onClick={() => onAnswer({ action: 'resume', answer: option })}
            >
              {option}
            </button>
          ))}
        </div>
      )}
      {options.length > 0 && multiSelect && (
        <fieldset className={styles.choices}>
          <legend>Choose any</legend>
          {options.map((option) => (
            <label key={option} className={styles.choice}>
              <input type="checkbox" name="option" value={option} /> {option}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={answerId}>Answer</label>
        <textarea id={answerId} name="answer" rows={2} maxLength={10_000} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" disabled={busy}>
          Send answer
        </button>
      </div>
    </form>
  );
}
