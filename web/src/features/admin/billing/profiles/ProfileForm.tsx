import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import { billingStyles as styles } from '../../../billing/index.ts';
import {
  CURRENCIES,
  METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  PROFILE_API_FIELDS,
  type TextField as ProfileText,
  type ProfileValues,
  TERMS_LABELS,
  TEXT_LIMITS,
  validateProfile,
} from './profile-form.ts';

interface ProfileFormProps {
  initial: ProfileValues;
  /** A new profile may take the default over at once; an existing one does it with "Make default". */
  creating: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  done?: string | false;
  onSubmit: (values: ProfileValues) => void;
}

/** Who the organization is invoiced as, and on what terms; every field checked as the API checks it. */
export function ProfileForm({ initial, creating, submitLabel, pending, error, done, onSubmit }: ProfileFormProps) {
  const form = useCheckedForm({
    initial,
    validate: validateProfile,
    error,
    fields: PROFILE_API_FIELDS,
    onValid: onSubmit,
  });
  const text = (key: ProfileText, label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      value={form.values[key]}
      onChange={(value) => form.set(key, value)}
      maxLength={key === 'address_country' ? undefined : TEXT_LIMITS[key]}
      error={form.errors[key]}
    />
  );
  const choice = <K extends 'currency' | 'payment_terms' | 'default_payment_method'>(
    key: K,
    label: string,
    hint: string,
    options: readonly ProfileValues[K][],
    labelOf: (option: ProfileValues[K]) => string,
  ) => (
    <FormField label={label} hint={hint} error={form.errors[key]}>
      {(control) => (
        <select
          {...control}
          value={form.values[key]}
          onChange={(e) => form.set(key, e.target.value as ProfileValues[K])}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <form onSubmit={form.submit} noValidate className="stack">
      <fieldset className="field-group">
        <legend>Who is billed</legend>
        <div className="field-pair">
          {text('name', 'Profile name', `How you tell profiles apart. Required, up to ${TEXT_LIMITS.name} characters.`)}
          {text('legal_name', 'Legal name', 'As invoices must show it. Required.')}
          {text('tax_id', 'Tax id', 'Optional, up to 64 characters.')}
          {text('registration_number', 'Registration number', 'Optional, up to 64 characters.')}
        </div>
      </fieldset>
      <fieldset className="field-group">
        <legend>Contact</legend>
        <div className="field-pair">
          {text('billing_email', 'Billing email', 'Where invoices go. Stored in lower case.')}
          {text('billing_contact_name', 'Contact name', 'Optional, up to 255 characters.')}
          {text('billing_contact_phone', 'Contact phone', 'Any format, up to 32 characters.')}
        </div>
      </fieldset>
      <fieldset className="field-group">
        <legend>Address</legend>
        <div className="field-pair">
          {text('address_line1', 'Address line 1', 'Optional, up to 255 characters.')}
          {text('address_line2', 'Address line 2', 'Optional, up to 255 characters.')}
          {text('address_city', 'City', 'Up to 120 characters.')}
          {text('address_postal_code', 'Postal code', 'Up to 32 characters.')}
          {text('address_country', 'Country', 'Two letters (ISO 3166), like AE or US; stored in capitals.')}
        </div>
      </fieldset>
      <fieldset className="field-group">
        <legend>Terms</legend>
        <div className="field-pair">
          {choice('currency', 'Currency', 'Invoices are issued in it.', CURRENCIES, (c) => c)}
          {choice(
            'payment_terms',
            'Payment terms',
            'Days from issue to the due date.',
            PAYMENT_TERMS,
            (t) => TERMS_LABELS[t],
          )}
          {choice(
            'default_payment_method',
            'Payment method',
            'How you pay by default.',
            PAYMENT_METHODS,
            (m) => METHOD_LABELS[m],
          )}
        </div>
        {creating && (
          <label className={styles.option}>
            <input
              type="checkbox"
              checked={form.values.is_default}
              onChange={(e) => form.set('is_default', e.target.checked)}
            />
            Make it the default profile (the organization’s first profile always is)
          </label>
        )}
      </fieldset>
      <FormActions error={form.formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}
