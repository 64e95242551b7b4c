import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { placeApiError } from '../../../lib/field-errors.ts';
import {
  apiFieldsOf,
  type IntegrationErrors,
  type IntegrationField,
  type IntegrationFormValues,
  validateIntegration,
} from './integration-form.ts';
import { INTEGRATION_LIMITS, type IntegrationType } from './integrations-api.ts';

interface IntegrationFormProps {
  type: IntegrationType;
  initial: IntegrationFormValues;
  /** An existing integration: blank secrets keep the stored ones. */
  editing?: boolean;
  submitLabel: string;
  pending: boolean;
  /** The API's refusal of the last submit: placed on the field it names, or above the button. */
  error: unknown;
  done?: string | false;
  onSubmit: (values: IntegrationFormValues) => void;
}

/** A secret is typed, never shown back: a password field the browser does not offer to remember. */
function SecretField(props: {
  label: string;
  hint: string;
  error?: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={props.label} hint={props.hint} error={props.error}>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={props.value}
          maxLength={props.maxLength}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** Connecting (or changing) a Telegram bot or a Microsoft 365 app: the fields of its type, checked as the API does. */
export function IntegrationForm({ type, initial, editing = false, ...props }: IntegrationFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<IntegrationErrors>({});
  const placed = placeApiError<IntegrationField>(props.error, apiFieldsOf(type));
  const errorOf = (field: IntegrationField) => errors[field] ?? placed.fields[field];
  const set = (field: IntegrationField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const keep = editing ? ' Leave it blank to keep the current one.' : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateIntegration(type, values, editing);
    setErrors(found);
    if (Object.keys(found).length === 0) props.onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Name"
        hint="How the integration is listed here and in usage reports."
        value={values.displayName}
        onChange={set('displayName')}
        maxLength={INTEGRATION_LIMITS.displayName}
        error={errorOf('displayName')}
      />
      {type === 'telegram' ? (
        <SecretField
          label="Bot token"
          hint={`From @BotFather in Telegram (/newbot or /token). It is checked with Telegram, stored encrypted and never shown again.${keep}`}
          value={values.botToken}
          onChange={set('botToken')}
          maxLength={125}
          error={errorOf('botToken')}
        />
      ) : (
        <>
          <TextField
            label="Directory (tenant) id"
            hint="From the app's overview in Microsoft Entra: a GUID, or a domain like contoso.onmicrosoft.com."
            value={values.tenantId}
            onChange={set('tenantId')}
            maxLength={253}
            error={errorOf('tenantId')}
          />
          <TextField
            label="Application (client) id"
            value={values.clientId}
            onChange={set('clientId')}
            maxLength={36}
            error={errorOf('clientId')}
          />
          <SecretField
            label="Client secret"
            hint={`The secret's value from Certificates & secrets. Stored encrypted, never shown again.${keep}`}
            value={values.clientSecret}
            onChange={set('clientSecret')}
            maxLength={INTEGRATION_LIMITS.clientSecret}
            error={errorOf('clientSecret')}
          />
          <TextField
            label="Data region (optional)"
            hint="The tenant's Microsoft 365 data region (NAM, EUR, GBR, …): agents can only search files with it."
            value={values.region}
            onChange={set('region')}
            maxLength={3}
            error={errorOf('region')}
          />
        </>
      )}
      <FormActions error={placed.form} pending={props.pending} submitLabel={props.submitLabel} done={props.done} />
    </form>
  );
}
