import { type FormEvent, useState } from 'react';
import { FormActions } from '../../components/FormActions.tsx';
import { FormField } from '../../components/FormField.tsx';
import { type Me, type NameChanges, PROFILE_LIMITS } from './profile-api.ts';
import { useUpdateMyNames } from './use-profile.ts';

type NameErrors = Partial<Record<keyof NameChanges, string>>;

const NAME_FIELDS = [
  { key: 'first_name', label: 'First name', max: PROFILE_LIMITS.firstName },
  { key: 'last_name', label: 'Last name', max: PROFILE_LIMITS.lastName },
  { key: 'display_name', label: 'Display name', max: PROFILE_LIMITS.displayName },
] as const;

/** The API trims each name and refuses a blank or overlong one. */
function validateNames(names: NameChanges): NameErrors {
  const errors: NameErrors = {};
  for (const { key, label, max } of NAME_FIELDS) {
    const value = names[key].trim();
    if (!value) errors[key] = `${label} cannot be blank.`;
    else if (value.length > max) errors[key] = `At most ${max} characters.`;
  }
  return errors;
}

export function NamesForm({ me }: { me: Me }) {
  const update = useUpdateMyNames();
  const [names, setNames] = useState<NameChanges>({
    first_name: me.first_name,
    last_name: me.last_name,
    display_name: me.display_name,
  });
  const [errors, setErrors] = useState<NameErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNames(names);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({
      first_name: names.first_name.trim(),
      last_name: names.last_name.trim(),
      display_name: names.display_name.trim(),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      {NAME_FIELDS.map(({ key, label, max }) => (
        <FormField key={key} label={label} error={errors[key]}>
          {(control) => (
            <input
              {...control}
              value={names[key]}
              maxLength={max}
              autoComplete={key === 'display_name' ? 'nickname' : key === 'first_name' ? 'given-name' : 'family-name'}
              onChange={(e) => setNames((current) => ({ ...current, [key]: e.target.value }))}
            />
          )}
        </FormField>
      ))}
      <FormActions
        error={update.error}
        pending={update.isPending}
        submitLabel="Save name"
        done={update.isSuccess && 'Your name is saved.'}
      />
    </form>
  );
}
