import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { USER_LIMITS } from '../../../../lib/person-checks.ts';

interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
}

interface PersonFieldsProps {
  values: PersonValues;
  errors: Partial<Record<keyof PersonValues, string>>;
  set: (field: keyof PersonValues, value: string) => void;
  /** Only creating asks the email: the API never changes it. */
  withEmail: boolean;
}

/** A person's first and last name, and the email they sign in with: a new organization's first admin, or a user. */
export function PersonFields({ values, errors, set, withEmail }: PersonFieldsProps) {
  return (
    <>
      <div className="field-pair">
        <TextField
          label="First name"
          error={errors.firstName}
          value={values.firstName}
          maxLength={USER_LIMITS.name}
          onChange={(value) => set('firstName', value)}
        />
        <TextField
          label="Last name"
          error={errors.lastName}
          value={values.lastName}
          maxLength={USER_LIMITS.name}
          onChange={(value) => set('lastName', value)}
        />
      </div>
      {withEmail && (
        <FormField label="Email" hint="They sign in with it; no other user may have it." error={errors.email}>
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
    </>
  );
}
