import { type FormEvent, useState } from 'react';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { ShownOnce } from '../../../../components/ShownOnce.tsx';
import { placeApiError } from '../../../../lib/field-errors.ts';
import styles from '../access.module.css';
import type { SystemUser } from '../access-api.ts';
import { useSetSystemUserPassword } from '../use-access.ts';

/** The API's password bounds (Authentication rule 7; src/modules/users/schemas.ts). */
const PASSWORD = { min: 12, max: 256 } as const;
const FIELDS = { password: 'password' } as const;

/**
 * Sets the person's password to one typed here, or has the API generate one and shows it this once. Either way
 * their old password stops working; sessions they hold stay until they end (Authentication rule 6).
 */
export function PasswordSection({ user }: { user: SystemUser }) {
  const change = useSetSystemUserPassword(user.id);
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState<string>();
  const placed = placeApiError(change.error, FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error =
      password.length < PASSWORD.min
        ? `At least ${PASSWORD.min} characters.`
        : password.length > PASSWORD.max
          ? `At most ${PASSWORD.max} characters.`
          : undefined;
    setChecked(error);
    if (!error) change.mutate({ password }, { onSuccess: () => setPassword('') });
  };

  const generated = change.data?.password;
  return (
    <section aria-labelledby="password-heading" className={styles.part}>
      <h2 id="password-heading">Password</h2>
      {generated && (
        <ShownOnce
          name="Generated password"
          warning={`Copy this password now and give it to ${user.display_name}: it will not be shown again.`}
          secrets={[
            { label: 'Email', value: user.email },
            { label: 'Generated password', value: generated },
          ]}
        />
      )}
      <form onSubmit={submit} noValidate className="stack">
        <FormField
          label="New password"
          hint={`At least ${PASSWORD.min} characters. Give it to them by a safe channel.`}
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
        <FormActions
          error={placed.form}
          pending={change.isPending}
          submitLabel="Set password"
          done={change.isSuccess && !generated && 'Password set.'}
        />
      </form>
      <div>
        {/* A new one each time, so the question closes once asked instead of offering a second generation. */}
        <ConfirmAction
          key={change.submittedAt}
          label="Generate a password"
          question={`Replace ${user.display_name}’s password with a generated one? Their current password stops working.`}
          confirmLabel="Generate now"
          pending={change.isPending}
          onConfirm={() => {
            setChecked(undefined);
            change.mutate({});
          }}
        />
      </div>
    </section>
  );
}
