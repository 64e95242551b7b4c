import { Link } from 'react-router';
import styles from './data-protection.module.css';
import { DLP_LIMITS, type DlpDryRun, type DlpDryRunResult } from './dlp-api.ts';

const COUNT = new Intl.NumberFormat('en-US');

const STATUS_TEXT: Record<DlpDryRun['status'], (run: DlpDryRun) => string> = {
  queued: () => 'Queued: it starts as soon as a worker is free.',
  running: (run) => `Running: ${run.progress}% of the messages checked.`,
  completed: (run) =>
    `Completed: the user messages of the last ${run.days === 1 ? 'day' : `${run.days} days`} were checked.`,
  failed: () => 'The dry run failed and has no result. Start it again.',
};

/** Where a dry run stands: a progress bar with its value and the status in words, read out as it changes. */
export function DryRunProgress({ run }: { run: DlpDryRun }) {
  return (
    <div className={styles.progress}>
      <label htmlFor={`dry-run-${run.id}`}>Progress</label>
      <progress id={`dry-run-${run.id}`} max={100} value={run.progress}>
        {run.progress}%
      </progress>
      <span aria-hidden="true">{run.progress}%</span>
      <p role="status" className={run.status === 'failed' ? 'alert' : undefined}>
        {STATUS_TEXT[run.status](run)}
      </p>
    </div>
  );
}

function Examples({ examples }: { examples: DlpDryRunResult['examples'] }) {
  if (examples.length === 0) return <p>No message would have been blocked.</p>;
  return (
    <>
      <p className="muted">
        Newest first, at most {DLP_LIMITS.examples}; the matched text is masked as •••. A thread opens only for those
        who can see it: a member’s own threads stay private to them.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus, so keys can scroll it */}
      <section className="table-scroll" aria-label="Blocked messages" tabIndex={0}>
        <table className={`data-table ${styles.examples}`}>
          <caption>Blocked messages</caption>
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Thread</th>
              <th scope="col">Rule</th>
              <th scope="col">Excerpt</th>
            </tr>
          </thead>
          <tbody>
            {examples.map((example) => (
              <tr key={example.message_id}>
                <td>
                  <code className={styles.id}>{example.message_id}</code>
                </td>
                <td>
                  <Link
                    to={`/threads/${example.thread_id}`}
                    aria-label={`Open thread of message ${example.message_id}`}
                  >
                    Open thread
                  </Link>
                </td>
                <td className={styles.ruleCell}>
                  {example.rule_name}
                  {example.rule_id === null && (
                    <>
                      {' '}
                      <span className="tag">Draft</span>
                    </>
                  )}
                  {example.undecided && (
                    <>
                      {' '}
                      <span className={'tag tag--attention'}>Undecided</span>
                    </>
                  )}
                </td>
                <td className={styles.excerpt}>{example.excerpt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** What a completed dry run found: its counts, whether the window was cut, and the blocked messages it shows. */
export function DryRunResult({ result }: { result: DlpDryRunResult }) {
  return (
    <>
      <dl className={styles.counts}>
        <div>
          <dt>Scanned</dt>
          <dd>{COUNT.format(result.scanned)}</dd>
        </div>
        <div>
          <dt>Would have been blocked</dt>
          <dd>{COUNT.format(result.blocked)}</dd>
        </div>
      </dl>
      {result.truncated && (
        <p className="muted">
          The period held more than {COUNT.format(DLP_LIMITS.scanMax)} user messages: only the newest{' '}
          {COUNT.format(DLP_LIMITS.scanMax)} were checked.
        </p>
      )}
      <Examples examples={result.examples} />
      {result.examples.some((example) => example.undecided) && (
        <p className="muted">Undecided: a deny rule that could not be checked in time counts as matching.</p>
      )}
    </>
  );
}
