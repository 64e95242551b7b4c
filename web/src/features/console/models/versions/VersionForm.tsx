import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import { formatMinor } from '../../../billing/index.ts';
import styles from '../models.module.css';
import {
  COSTS,
  FLAGS,
  MODALITIES,
  type Modality,
  NUMBERS,
  type NumberField,
  VERSION_CODES,
  VERSION_FIELDS,
  VERSION_LIMITS,
  type VersionFormValues,
  validateVersionForm,
  wholeNumber,
} from './version-form.ts';

interface VersionFormProps {
  initial: VersionFormValues;
  creating: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  done?: string | false;
  onSubmit: (values: VersionFormValues) => void;
}

/** Every field of a model version, checked as the API checks them. */
export function VersionForm({ initial, creating, submitLabel, pending, error, done, onSubmit }: VersionFormProps) {
  const form = useCheckedForm({
    initial,
    validate: (values: VersionFormValues) => validateVersionForm(values, creating),
    error,
    fields: VERSION_FIELDS,
    codes: VERSION_CODES,
    onValid: onSubmit,
  });
  const { values, set, errors: shown, submit } = form;
  const numberField = (key: NumberField) => (
    <FormField key={key} label={NUMBERS[key].label} hint={dollarsHint(key, values[key])} error={shown[key]}>
      {(control) => (
        <input {...control} inputMode="numeric" value={values[key]} onChange={(e) => set(key, e.target.value)} />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="stack">
      <div className="field-pair">
        <TextField
          label="Model id"
          hint="The vendor's id, as its API expects it."
          error={shown.modelId}
          value={values.modelId}
          maxLength={VERSION_LIMITS.modelId}
          onChange={(value) => set('modelId', value)}
        />
        <TextField
          label="Version"
          hint="Unique in the family."
          error={shown.version}
          value={values.version}
          maxLength={VERSION_LIMITS.version}
          onChange={(value) => set('version', value)}
        />
        <TextField
          label="Display name"
          hint={creating ? 'Optional: the version when empty.' : undefined}
          error={shown.displayName}
          value={values.displayName}
          maxLength={VERSION_LIMITS.displayName}
          onChange={(value) => set('displayName', value)}
        />
      </div>
      <div className="field-pair">
        <Modalities
          legend="Input modalities"
          value={values.inputModalities}
          error={shown.inputModalities}
          onChange={(m) => set('inputModalities', m)}
        />
        <Modalities
          legend="Output modalities"
          value={values.outputModalities}
          error={shown.outputModalities}
          onChange={(m) => set('outputModalities', m)}
        />
      </div>
      <fieldset className="field-group">
        <legend>Supports</legend>
        <div className={styles.options}>
          {(Object.keys(FLAGS) as (keyof typeof FLAGS)[]).map((flag) => (
            <label key={flag} className="choice">
              <input type="checkbox" checked={values[flag]} onChange={(e) => set(flag, e.target.checked)} />
              {FLAGS[flag]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field-pair">{(['contextWindow', 'maxOutputTokens'] as const).map(numberField)}</div>
      <fieldset className="field-group">
        <legend>Prices (whole US cents; empty for unknown)</legend>
        <div className="field-pair">{COSTS.map(numberField)}</div>
      </fieldset>
      <TextField
        label="Capabilities (JSON object)"
        error={shown.capabilities}
        rows={3}
        value={values.capabilities}
        onChange={(value) => set('capabilities', value)}
      />
      <div className="field-pair">
        <FormField label="Released" hint="Optional; your local time." error={shown.releasedAt}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={values.releasedAt}
              onChange={(e) => set('releasedAt', e.target.value)}
            />
          )}
        </FormField>
        <label className={styles.option}>
          <input type="checkbox" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
          Active (organizations can use it)
        </label>
      </div>
      <FormActions error={form.formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}

/** A price field's hint: what the typed cents come to in dollars, so a misplaced digit shows at once. */
function dollarsHint(key: NumberField, value: string): string | undefined {
  if (!COSTS.includes(key)) return undefined;
  const cents = wholeNumber(value);
  return typeof cents === 'number' ? `= ${formatMinor(cents, 'USD')}` : undefined;
}

interface ModalitiesProps {
  legend: string;
  value: Modality[];
  error?: string;
  onChange: (value: Modality[]) => void;
}

function Modalities({ legend, value, error, onChange }: ModalitiesProps) {
  return (
    <fieldset className="field-group" aria-invalid={Boolean(error)}>
      <legend>{legend}</legend>
      <div className={styles.options}>
        {MODALITIES.map((m) => (
          <label key={m} className="choice">
            <input
              type="checkbox"
              checked={value.includes(m)}
              onChange={(e) => onChange(e.target.checked ? [...value, m] : value.filter((x) => x !== m))}
            />
            {m}
          </label>
        ))}
      </div>
      {error && <p className="alert">{error}</p>}
    </fieldset>
  );
}
