import { FormActions } from '../../../components/FormActions.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useCheckedForm } from '../../../lib/use-checked-form.ts';
import styles from './data-protection.module.css';
import { DLP_LIMITS, type DlpAction } from './dlp-api.ts';
import { RULE_FIELDS, type RuleValues, validateRule } from './rule-form.ts';

export interface RuleFormValues extends RuleValues {
  isActive: boolean;
}

interface RuleFormProps {
  initial: RuleFormValues;
  /** A new rule asks whether it starts active; a saved one has its own Activate button. */
  mode: 'create' | 'edit';
  submitLabel: string;
  pending: boolean;
  /** The API's refusal of the last submit: its parts land on the fields they name. */
  error: unknown;
  done?: string | false;
  onSubmit: (values: RuleFormValues) => void;
}

export const PATTERN_HINT =
  'A JavaScript regular expression, matched anywhere in a message and ignoring case, e.g. \\b\\d{4}(?:[ -]?\\d{4}){3}\\b for card numbers.';

/** A rule's name, pattern and action, checked as the API checks them (the pattern with the API's own test). */
export function RuleForm({ initial, mode, submitLabel, pending, error, done, onSubmit }: RuleFormProps) {
  const { values, set, errors, formError, submit } = useCheckedForm({
    initial,
    validate: validateRule,
    error,
    fields: RULE_FIELDS,
    onValid: onSubmit,
  });

  return (
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Name"
        hint="Shown to a member whose message it blocks."
        value={values.name}
        onChange={(value) => set('name', value)}
        maxLength={DLP_LIMITS.name}
        error={errors.name}
      />
      <PatternField value={values.pattern} onChange={(value) => set('pattern', value)} error={errors.pattern} />
      <ActionField value={values.action} onChange={(value) => set('action', value)} error={errors.action} />
      {mode === 'create' && (
        <label className={styles.option}>
          <input type="checkbox" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
          Active: check messages with it as soon as it is saved
        </label>
      )}
      <FormActions error={formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}

export function PatternField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <FormField label="Pattern" hint={props.hint ?? PATTERN_HINT} error={props.error}>
      {(control) => (
        <input
          {...control}
          className={styles.code}
          autoComplete="off"
          spellCheck={false}
          value={props.value}
          maxLength={DLP_LIMITS.pattern}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

const ACTION_HINT = 'Deny blocks a matching message; allow lets it through even when a deny rule matches.';

export function ActionField(props: {
  value: DlpAction;
  onChange: (value: DlpAction) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <FormField label="Action" hint={props.hint ?? ACTION_HINT} error={props.error}>
      {(control) => (
        <select {...control} value={props.value} onChange={(e) => props.onChange(e.target.value as DlpAction)}>
          <option value="deny">Deny</option>
          <option value="allow">Allow</option>
        </select>
      )}
    </FormField>
  );
}
