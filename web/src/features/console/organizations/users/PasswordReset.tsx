import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { ShownOnce } from '../../../../components/ShownOnce.tsx';
import { placeApiError } from '../../../../lib/field-errors.ts';
import styles from '../organizations.module.css';
import type { OrgUser } from '../organizations-api.ts';
import { useSetOrgUserPassword } from './use-org-users.ts';

/** The API's bounds (src/modules/users/schemas.ts PasswordSchema). */
const PASSWORD = { min: 12, max: 256 } as const;

/**
 * Sets a password the operator types, or has the API generate one; only a generated one comes back, shown this
 * once. Their sessions stay signed in either way (SPEC.md Authentication rule 6).
 */
export function PasswordReset({ user }: { user: OrgUser }) {
  const reset = useSetOrgUserPassword(user.organization_id, user.id);
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState<string>();
  const placed = placeApiError(reset.error, { password: 'password' } as const);
  const typed = reset.isSuccess && reset.variables !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      password.length < PASSWORD.min
        ? `At least ${PASSWORD.min} characters.`
        : password.length > PASSWORD.max
          ? `At most ${PASSWORD.max} characters.`
          : undefined;
    setChecked(problem);
    if (!problem) reset.mutate(password, { onSuccess: () => setPassword('') });
  };

  return (
    <section aria-labelledby="user-password" className={styles.section}>
      <h2 id="user-password">Password</h2>
      <form onSubmit={submit} noValidate className="stack">
        <FormField
          label="New password"
          hint={`At least ${PASSWORD.min} characters. Tell it to ${user.display_name} yourself.`}
          error={checked ?? placed.fields.password}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              value={password}
              maxLength={PASSWORD.max}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={reset.isPending}>
            Set this password
          </button>
          <button type="button" className="button" disabled={reset.isPending} onClick={() => reset.mutate(undefined)}>
            Generate a password
          </button>
        </div>
      </form>
      <ErrorAlert error={placed.form} />
      {typed && <p role="status">Password set.</p>}
      {reset.data?.password && (
        <ShownOnce
          name="Generated password"
          warning={`Copy this password now and give it to ${user.display_name}: it will not be shown again.`}
          secrets={[
            { label: 'Email', value: user.email },
            { label: 'Generated password', value: reset.data.password },
          ]}
        />
      )}
    </section>
  );
}
