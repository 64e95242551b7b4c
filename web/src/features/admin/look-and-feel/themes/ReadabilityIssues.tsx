import styles from './composer.module.css';
import { type ReadabilityIssue, type TokenMap, tokenLabel, type Variant } from './themes-api.ts';

interface ReadabilityIssuesProps {
  variant: Variant;
  issues: readonly ReadabilityIssue[] | undefined;
  onFix: (fix: TokenMap) => void;
}

/** The variant's pairs that read below WCAG AA, each with the API's least change that makes it pass. */
export function ReadabilityIssues({ variant, issues, onFix }: ReadabilityIssuesProps) {
  const title = variant === 'light' ? 'Light variant' : 'Dark variant';
  if (!issues) return null;
  if (issues.length === 0) return <p>{title}: every pair reads well.</p>;
  return (
    <div className="stack">
      <h3>{title}</h3>
      <ul className={styles.issues} aria-label={`Readability issues of the ${variant} variant`}>
        {issues.map((issue) => {
          const pair = `${tokenLabel(issue.foreground)} on ${tokenLabel(issue.background)}`;
          const [token, value] = Object.entries(issue.fix)[0] ?? [];
          return (
            <li key={`${issue.foreground} ${issue.background}`} className={styles.issue}>
              <span>
                {pair}: {issue.ratio.toFixed(2)}:1, needs {issue.minimum}:1.
                {token && ` Fix sets ${tokenLabel(token)} to ${value}.`}
              </span>
              <button
                type="button"
                className="button"
                aria-label={`Fix ${pair} (${variant})`}
                onClick={() => onFix(issue.fix)}
              >
                Fix
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
