import { TextField } from '../../../components/TextField.tsx';
import styles from './data-protection.module.css';
import { DLP_LIMITS } from './dlp-api.ts';
import { ActionField, PatternField } from './RuleForm.tsx';
import type { DraftRules as Drafts } from './use-draft-rules.ts';

/**
 * Rules tried without saving them: the test box evaluates them after the saved ones, and a dry run can too.
 * They live in this page only.
 */
export function DraftRules({ drafts }: { drafts: Drafts }) {
  return (
    <section aria-labelledby="dlp-drafts" className={styles.section}>
      <h2 id="dlp-drafts">Draft rules</h2>
      <p className="muted">
        Try a rule before saving it: the test box checks drafts after the saved rules, and a dry run can include them.
        Drafts stay on this page and are never stored (at most {DLP_LIMITS.drafts}).
      </p>
      {drafts.rows.length > 0 && (
        <ol className={styles.drafts} aria-label="Draft rules">
          {drafts.rows.map((row, index) => {
            const errors = drafts.errors[row.key] ?? {};
            const label = `Draft ${index + 1}`;
            return (
              <li key={row.key}>
                <fieldset className={styles.draft}>
                  <legend>{label}</legend>
                  <TextField
                    label="Name"
                    value={row.name}
                    maxLength={DLP_LIMITS.name}
                    onChange={(value) => drafts.set(row.key, 'name', value)}
                    error={errors.name}
                  />
                  <PatternField
                    hint=""
                    value={row.pattern}
                    onChange={(value) => drafts.set(row.key, 'pattern', value)}
                    error={errors.pattern}
                  />
                  <ActionField
                    hint=""
                    value={row.action}
                    onChange={(value) => drafts.set(row.key, 'action', value)}
                    error={errors.action}
                  />
                  <div>
                    <button type="button" className="button" onClick={() => drafts.remove(row.key)}>
                      Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <button type="button" className="button" disabled={drafts.full} onClick={drafts.add}>
          Add a draft rule
        </button>
      </div>
    </section>
  );
}
