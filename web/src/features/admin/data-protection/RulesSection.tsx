import { useState } from 'react';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import styles from './data-protection.module.css';
import { DLP_LIMITS } from './dlp-api.ts';
import { RuleForm } from './RuleForm.tsx';
import { RuleItem } from './RuleItem.tsx';
import { EMPTY_RULE, ruleBody } from './rule-form.ts';
import { useCreateRule, useDlpRules } from './use-dlp.ts';

/** A form for one more rule; it starts empty again after each success. */
function NewRule() {
  const create = useCreateRule();
  const [round, setRound] = useState(0);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <section aria-labelledby="dlp-new-rule" className={styles.section}>
      <h3 id="dlp-new-rule">New rule</h3>
      <RuleForm
        key={round}
        initial={{ ...EMPTY_RULE, isActive: true }}
        mode="create"
        submitLabel="Create rule"
        pending={create.isPending}
        error={create.error}
        done={created !== null && `Created ${created}.`}
        onSubmit={(values) => {
          setCreated(null);
          create.mutate(
            { ...ruleBody(values), is_active: values.isActive },
            {
              onSuccess: (rule) => {
                setCreated(rule.name);
                setRound((n) => n + 1);
              },
            },
          );
        }}
      />
    </section>
  );
}

/** The organization's saved rules, oldest first as the API lists them, and a form for a new one. */
export function RulesSection() {
  const rules = useDlpRules();
  const all = rules.data ?? [];
  return (
    <section aria-labelledby="dlp-rules" className={styles.section}>
      <h2 id="dlp-rules">Rules</h2>
      <p className="muted">
        Order does not matter: a message is blocked when an active deny rule matches it and no active allow rule does.
        Rules are listed oldest first; an organization has at most {DLP_LIMITS.rules}.
      </p>
      {rules.isPending && <Loading label="Loading the rules…" />}
      {rules.isError && <LoadError error={rules.error} onRetry={() => rules.refetch()} />}
      {rules.isSuccess && all.length === 0 && <p className="empty">No rules yet: every message is accepted.</p>}
      {all.length > 0 && (
        <ul className={styles.rules} aria-label="Rules">
          {all.map((rule) => (
            <RuleItem key={rule.id} rule={rule} />
          ))}
        </ul>
      )}
      <NewRule />
    </section>
  );
}
