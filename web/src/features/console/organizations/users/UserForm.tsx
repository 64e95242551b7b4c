import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { USER_LIMITS } from '../../../../lib/person-checks.ts';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import styles from '../organizations.module.css';
import type { ConsoleRole, Role } from '../organizations-api.ts';
import { PersonFields } from './PersonFields.tsx';
import { USER_FIELDS, type UserFormMode, type UserFormValues, userCodes, validateUserForm } from './user-form.ts';

interface UserFormProps {
  initial: UserFormValues;
  mode: UserFormMode;
  /** The console roles to choose from when `mode.consoleRole`; undefined while they load. */
  consoleRoles?: readonly ConsoleRole[];
  submitLabel: string;
  pending: boolean;
  /** The API's refusal of the last submit: its parts land on the fields they name. */
  error: unknown;
  done?: string | false;
  onSubmit: (values: UserFormValues) => void;
}

/** A user of an organization as the console creates or edits one. */
export function UserForm({ initial, mode, consoleRoles, submitLabel, pending, error, done, onSubmit }: UserFormProps) {
  const form = useCheckedForm({
    initial,
    validate: (values: UserFormValues) => validateUserForm(values, mode),
    error,
    fields: USER_FIELDS,
    codes: userCodes(mode),
    onValid: onSubmit,
  });
  const { values, set, errors } = form;
  return (
    <form onSubmit={form.submit} noValidate className="stack">
      <PersonFields values={values} errors={errors} set={set} withEmail={mode.create} />
      <TextField
        label="Display name"
        hint="Optional: the first and last name when left empty."
        error={errors.displayName}
        value={values.displayName}
        maxLength={USER_LIMITS.name}
        onChange={(value) => set('displayName', value)}
      />
      <FormField label="Role" hint="Admins manage the organization and its people." error={errors.role}>
        {(control) => (
          <select {...control} value={values.role} onChange={(e) => set('role', e.target.value as Role)}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        )}
      </FormField>
      {mode.consoleRole && (
        <FormField
          label="Console role"
          hint="The Console sections a member may open; admins hold every section."
          error={errors.consoleRoleId}
        >
          {(control) => (
            <select
              {...control}
              value={values.consoleRoleId}
              disabled={!consoleRoles}
              onChange={(e) => set('consoleRoleId', e.target.value)}
            >
              <option value="">No console role</option>
              {/* A role the list no longer has stays shown, so saving never changes it silently. */}
              {consoleRoles && values.consoleRoleId && !consoleRoles.some((r) => r.id === values.consoleRoleId) && (
                <option value={values.consoleRoleId}>Unknown role</option>
              )}
              {consoleRoles?.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
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
