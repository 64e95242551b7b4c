import { type FormEvent, useState } from 'react';
import { FormActions } from '../../components/FormActions.tsx';
import { FormField } from '../../components/FormField.tsx';
import { PROFILE_LIMITS } from './profile-api.ts';
import { useChangeMyPassword } from './use-profile.ts';

const { passwordMin, passwordMax } = PROFILE_LIMITS;

/** The API's rules for a new password. */
function newPasswordProblem(current: string, next: string): string | undefined {
  if (next.length < passwordMin || next.length > passwordMax) return `Use ${passwordMin} to ${passwordMax} characters.`;
  if (next === current) return 'The new password must differ from the current one.';
  return undefined;
}

export function PasswordForm() {
  const change = useChangeMyPassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      current: current ? undefined : 'Enter your current password.',
      next: newPasswordProblem(current, next),
    };
    setErrors(found);
    if (found.current || found.next) return;
    change.mutate(
      { current, next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormField label="Current password" error={errors.current}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            value={current}
            maxLength={passwordMax}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="New password" hint={`At least ${passwordMin} characters.`} error={errors.next}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            value={next}
            maxLength={passwordMax}
            onChange={(e) => setNext(e.target.value)}
          />
        )}
      </FormField>
      <FormActions
        error={change.error}
        pending={change.isPending}
        submitLabel="Change password"
        done={change.isSuccess && 'Your password is changed.'}
      />
    </form>
  );
}
