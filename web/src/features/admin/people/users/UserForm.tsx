import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { USER_LIMITS } from '../../../../lib/person-checks.ts';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import { departmentChoices } from '../../organization/departments/department-tree.ts';
import type { Department } from '../../organization/organization-api.ts';
import styles from '../people.module.css';
import { USER_CODES, USER_FIELDS, type UserFormValues, validateUserForm } from './user-form.ts';
import type { Role } from './users-api.ts';

interface UserFormProps {
  initial: UserFormValues;
  /** Creating asks for the email; editing shows the department instead (the API sets it only on a change). */
  mode: 'create' | 'edit';
  /** The organization's departments, for editing; undefined while they load. */
  departments?: readonly Department[];
  submitLabel: string;
  pending: boolean;
  /** The API's refusal of the last submit: its parts land on the fields they name. */
  error: unknown;
  done?: string | false;
  onSubmit: (values: UserFormValues) => void;
}

export function UserForm({ initial, mode, departments, submitLabel, pending, error, done, onSubmit }: UserFormProps) {
  const form = useCheckedForm({
    initial,
    validate: (values: UserFormValues) => validateUserForm(values, { withEmail: mode === 'create' }),
    error,
    fields: USER_FIELDS,
    codes: USER_CODES,
    onValid: onSubmit,
  });
  const { values, set, errors: shown, submit } = form;

  return (
    <form onSubmit={submit} noValidate className="stack">
      <div className={styles.pair}>
        <TextField
          label="First name"
          error={shown.firstName}
          value={values.firstName}
          maxLength={USER_LIMITS.name}
          onChange={(value) => set('firstName', value)}
        />
        <TextField
          label="Last name"
          error={shown.lastName}
          value={values.lastName}
          maxLength={USER_LIMITS.name}
          onChange={(value) => set('lastName', value)}
        />
      </div>
      <TextField
        label="Display name"
        hint="Optional: the first and last name when left empty."
        error={shown.displayName}
        value={values.displayName}
        maxLength={USER_LIMITS.name}
        onChange={(value) => set('displayName', value)}
      />
      {mode === 'create' && (
        <FormField label="Email" hint="They sign in with it." error={shown.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={values.email}
              maxLength={USER_LIMITS.email}
              onChange={(e) => set('email', e.target.value)}
            />
          )}
        </FormField>
      )}
      <FormField label="Role" hint="Admins manage the organization and its people." error={shown.role}>
        {(control) => (
          <select {...control} value={values.role} onChange={(e) => set('role', e.target.value as Role)}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        )}
      </FormField>
      {mode === 'edit' && (
        <FormField label="Department" error={shown.departmentId}>
          {(control) => (
            <select
              {...control}
              value={values.departmentId}
              disabled={!departments}
              onChange={(e) => set('departmentId', e.target.value)}
            >
              <option value="">No department</option>
              {departmentChoices(departments ?? []).map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <label className={styles.option}>
        <input type="checkbox" checked={values.isDeveloper} onChange={(e) => set('isDeveloper', e.target.checked)} />
        Developer: may manage service accounts and API keys
      </label>
      <FormActions error={form.formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}
