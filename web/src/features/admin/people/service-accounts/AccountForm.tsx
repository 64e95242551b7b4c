import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import {
  ACCOUNT_CODES,
  ACCOUNT_FIELDS,
  ACCOUNT_LIMITS,
  type AccountFormValues,
  validateAccountForm,
} from './service-account-form.ts';

interface AccountFormProps {
  initial: AccountFormValues;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  done?: string | false;
  /** Called with values that pass the API's checks. */
  onSubmit: (values: AccountFormValues) => void;
}

/** A service account's name, description and role, checked as the API checks them. */
export function AccountForm({ initial, submitLabel, pending, error, done, onSubmit }: AccountFormProps) {
  const form = useCheckedForm({
    initial,
    validate: validateAccountForm,
    error,
    fields: ACCOUNT_FIELDS,
    codes: ACCOUNT_CODES,
    onValid: onSubmit,
  });
  const { values, set, errors: shown, submit } = form;

  return (
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Account name"
        error={shown.name}
        value={values.name}
        maxLength={ACCOUNT_LIMITS.name}
        onChange={(value) => set('name', value)}
      />
      <TextField
        label="Description"
        hint="Optional: what calls the API with this account's keys."
        error={shown.description}
        rows={2}
        value={values.description}
        maxLength={ACCOUNT_LIMITS.description}
        onChange={(value) => set('description', value)}
      />
      <FormField label="Role" hint="Its keys act with this role." error={shown.role}>
        {(control) => (
          <select
            {...control}
            value={values.role}
            onChange={(e) => set('role', e.target.value as AccountFormValues['role'])}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        )}
      </FormField>
      <FormActions error={form.formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}
