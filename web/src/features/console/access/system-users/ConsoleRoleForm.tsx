import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { placeApiError } from '../../../../lib/field-errors.ts';
import type { ConsoleRole, SystemUser } from '../access-api.ts';
import { inSectionOrder, SECTION_TEXT } from '../section-text.ts';
import { useRoles, useUpdateSystemUser } from '../use-access.ts';

// The API's console-role rules (a member must keep a role, the role must exist) answer 400 validation_error.
const FIELDS = { console_role_id: 'role' } as const;
const CODES = { validation_error: 'role' } as const;

const optionText = (role: ConsoleRole) =>
  `${role.name}: ${inSectionOrder(role.sections)
    .map((section) => SECTION_TEXT[section].label)
    .join(', ')}`;

/** Which console role the person holds; the API says when one cannot go without (members need one). */
export function ConsoleRoleForm({ user, isMe }: { user: SystemUser; isMe: boolean }) {
  const roles = useRoles();
  const update = useUpdateSystemUser(user, isMe);
  const [choice, setChoice] = useState(user.console_role_id ?? '');
  const [unchanged, setUnchanged] = useState(false);
  const placed = placeApiError(update.error, FIELDS, CODES);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = choice === (user.console_role_id ?? '');
    setUnchanged(empty);
    if (empty) update.reset();
    else update.mutate({ console_role_id: choice || null });
  };

  const hint = [
    'Decides which Console sections they open.',
    user.role === 'admin' && 'As an admin of the system organization they hold every section anyway.',
    isMe && 'This is your own role: what you can open changes at once.',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormField label="Console role" hint={hint} error={placed.fields.role}>
        {(control) => (
          <select {...control} value={choice} disabled={!roles.isSuccess} onChange={(e) => setChoice(e.target.value)}>
            <option value="">No console role</option>
            {roles.data?.map((role) => (
              <option key={role.id} value={role.id}>
                {optionText(role)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <ErrorAlert error={roles.error} />
      <FormActions
        error={placed.form}
        pending={update.isPending}
        submitLabel="Save console role"
        done={(unchanged && 'Nothing to save: the role did not change.') || (update.isSuccess && 'Saved.')}
      />
    </form>
  );
}
