import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/FormActions.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { placeApiError } from '../../../lib/field-errors.ts';
import styles from './data-protection.module.css';
import { DLP_LIMITS, type DlpTestResult } from './dlp-api.ts';
import { ACTION_LABELS } from './rule-form.ts';
import { useTestText } from './use-dlp.ts';
import type { DraftRules } from './use-draft-rules.ts';

const TEXT_MESSAGE = `Type a text of 1 to ${DLP_LIMITS.text.toLocaleString('en-US')} characters.`;

/** The rules that count as matching, as the server decided: drafts and undecided rules marked. */
function Matches({ result }: { result: DlpTestResult }) {
  if (result.matches.length === 0) return <p>No rule matches this text.</p>;
  return (
    <ul className={styles.matches} aria-label="Matching rules">
      {result.matches.map((match, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no id and names may repeat; the server's order is the identity
        <li key={index}>
          <span className={styles.ruleName}>{match.name}</span>{' '}
          <span className={match.action === 'deny' ? 'tag tag--danger' : 'tag'}>{ACTION_LABELS[match.action]}</span>{' '}
          {match.rule_id === null && <span className="tag">Draft</span>}{' '}
          {match.undecided && (
            <span className={'tag tag--attention'}>Undecided: not checked in time, counted as matching</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A text checked as a message would be, against the saved rules and the drafts, by the server's own evaluator:
 * the page never decides on its own.
 */
export function TestBox({ drafts }: { drafts: DraftRules }) {
  const test = useTestText();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string>();
  const placed = placeApiError(test.error, { text: 'text', rules: 'rules' } as const);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = text.length === 0 || text.length > DLP_LIMITS.text ? TEXT_MESSAGE : undefined;
    setTextError(problem);
    const sent = drafts.check();
    if (problem || !sent) return;
    test.mutate({ text, rules: sent.rules }, { onError: (error) => drafts.showApiError(error, sent.keys) });
  };

  const result = test.data;
  return (
    <section aria-labelledby="dlp-test" className={styles.section}>
      <h2 id="dlp-test">Test box</h2>
      <form onSubmit={submit} noValidate className="stack">
        <TextField
          label="Text"
          hint="Checked against the active saved rules and the draft rules above, as a message would be. Nothing is stored."
          rows={4}
          value={text}
          maxLength={DLP_LIMITS.text}
          onChange={setText}
          error={textError ?? placed.fields.text}
        />
        <FormActions error={placed.form} pending={test.isPending} submitLabel="Test the text" />
      </form>
      <div className={styles.verdict}>
        <p role="status" className={result ? (result.allowed ? styles.allowed : styles.blocked) : undefined}>
          {result && (result.allowed ? 'Would be allowed' : 'Would be blocked')}
        </p>
        {result && <Matches result={result} />}
      </div>
    </section>
  );
}
