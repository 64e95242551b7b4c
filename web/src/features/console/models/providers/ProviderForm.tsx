import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import {
  type KeyAction,
  KNOWN_SLUGS,
  PROVIDER_CODES,
  PROVIDER_FIELDS,
  PROVIDER_LIMITS,
  type ProviderFormValues,
  validateProviderForm,
} from './provider-form.ts';

interface ProviderFormProps {
  initial: ProviderFormValues;
  /** Editing a provider: whether it has a key now (the key itself is never shown). Absent when adding one. */
  hasKey?: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  done?: string | false;
  /** Called with values that pass the API's checks. */
  onSubmit: (values: ProviderFormValues) => void;
}

/** A provider's name, slug, addresses and API key, checked as the API checks them. */
export function ProviderForm({ initial, hasKey, submitLabel, pending, error, done, onSubmit }: ProviderFormProps) {
  const editing = hasKey !== undefined;
  const form = useCheckedForm({
    initial,
    validate: (values: ProviderFormValues) => validateProviderForm(values, editing),
    error,
    fields: PROVIDER_FIELDS,
    codes: PROVIDER_CODES,
    onValid: onSubmit,
  });
  const { values, set, errors: shown, submit } = form;

  return (
    <form onSubmit={submit} noValidate className="stack">
      <div className="field-pair">
        <TextField
          label="Name"
          error={shown.name}
          value={values.name}
          maxLength={PROVIDER_LIMITS.name}
          onChange={(value) => set('name', value)}
        />
        <TextField
          label="Slug"
          hint={`Lowercase letters, digits and hyphens. ${KNOWN_SLUGS.join(', ')} use the vendor's own API.`}
          error={shown.slug}
          value={values.slug}
          maxLength={PROVIDER_LIMITS.slug}
          onChange={(value) => set('slug', value)}
        />
      </div>
      <TextField
        label="Website"
        hint="Optional."
        error={shown.website}
        value={values.website}
        maxLength={PROVIDER_LIMITS.website}
        onChange={(value) => set('website', value)}
      />
      <TextField
        label="Base URL"
        hint="The API root with its version path, e.g. http://localhost:11434/v1. Optional for openai, anthropic and google."
        error={shown.baseUrl}
        value={values.baseUrl}
        maxLength={PROVIDER_LIMITS.baseUrl}
        onChange={(value) => set('baseUrl', value)}
      />
      {editing && <KeyChoice hasKey={hasKey} value={values.keyAction} onChange={(a) => set('keyAction', a)} />}
      {values.keyAction === 'replace' && (
        <FormField
          label={editing ? 'New API key' : 'API key'}
          hint={editing ? 'Replaces the stored key.' : 'Optional. Stored encrypted; never shown again.'}
          error={shown.apiKey}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={values.apiKey}
              maxLength={PROVIDER_LIMITS.apiKey}
              onChange={(e) => set('apiKey', e.target.value)}
            />
          )}
        </FormField>
      )}
      <FormActions error={form.formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}

/** Keep, replace or remove the stored key: the API only says whether one is set. */
function KeyChoice({
  hasKey,
  value,
  onChange,
}: {
  hasKey: boolean;
  value: KeyAction;
  onChange: (a: KeyAction) => void;
}) {
  const choices: [KeyAction, string][] = hasKey
    ? [
        ['keep', 'Keep the stored key'],
        ['replace', 'Replace the key'],
        ['clear', 'Remove the key'],
      ]
    : [
        ['keep', 'No key for now'],
        ['replace', 'Set a key'],
      ];
  return (
    <fieldset className="stack">
      <legend>API key {hasKey ? '(key set)' : '(no key)'}</legend>
      {choices.map(([action, label]) => (
        <label key={action} className="choice">
          <input
            type="radio"
            name="key-action"
            value={action}
            checked={value === action}
            onChange={() => onChange(action)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
