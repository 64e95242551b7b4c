import { useId, useState } from 'react';
import { ConfirmAction } from '../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import styles from './data-protection.module.css';
import type { DlpRule } from './dlp-api.ts';
import { RuleForm } from './RuleForm.tsx';
import { ACTION_LABELS, ruleChanges, ruleValuesOf } from './rule-form.ts';
import { useDeleteRule, useUpdateRule } from './use-dlp.ts';

function EditRule({ rule, onDone }: { rule: DlpRule; onDone: () => void }) {
  const update = useUpdateRule(rule.id);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <section className={styles.edit} aria-label={`Change ${rule.name}`}>
      <RuleForm
        initial={{ ...ruleValuesOf(rule), isActive: rule.is_active }}
        mode="edit"
        submitLabel="Save rule"
        pending={update.isPending}
        error={update.error}
        done={unchanged && 'Nothing to save: no field changed.'}
        onSubmit={(values) => {
          const changes = ruleChanges(rule, values);
          const empty = Object.keys(changes).length === 0;
          setUnchanged(empty);
          if (empty) update.reset();
          else update.mutate(changes, { onSuccess: onDone });
        }}
      />
    </section>
  );
}

/** One saved rule: what it matches and does, whether it is on, and changing, switching or deleting it. */
export function RuleItem({ rule }: { rule: DlpRule }) {
  const nameId = useId();
  const [editing, setEditing] = useState(false);
  const toggle = useUpdateRule(rule.id);
  const remove = useDeleteRule(rule.id);
  const switchTo = rule.is_active ? 'Deactivate' : 'Activate';

  return (
    <li className={styles.rule} aria-labelledby={nameId}>
      <div className={styles.ruleHead}>
        <span id={nameId} className={styles.ruleName}>
          {rule.name}
        </span>
        <span className={rule.action === 'deny' ? 'tag tag--danger' : 'tag'}>{ACTION_LABELS[rule.action]}</span>
        <span className={rule.is_active ? 'tag' : 'tag tag--attention'}>{rule.is_active ? 'Active' : 'Inactive'}</span>
      </div>
      <code className={styles.pattern}>{rule.pattern}</code>
      <div className="button-row">
        <button
          type="button"
          className="button"
          aria-expanded={editing}
          aria-label={`Change ${rule.name}`}
          onClick={() => setEditing((open) => !open)}
        >
          Change
        </button>
        <button
          type="button"
          className="button"
          aria-label={`${switchTo} ${rule.name}`}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ is_active: !rule.is_active })}
        >
          {switchTo}
        </button>
        <ConfirmAction
          label="Delete"
          name={`Delete ${rule.name}`}
          question={`Delete ${rule.name}? Messages are no longer checked against it.`}
          confirmLabel="Delete rule"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
      <ErrorAlert error={toggle.error ?? remove.error} />
      {editing && <EditRule rule={rule} onDone={() => setEditing(false)} />}
    </li>
  );
}
