import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { placeApiError } from '../../../lib/field-errors.ts';
import { timeZoneChoices } from '../../../lib/locale-checks.ts';
import { ORGANIZATION_LIMITS, type Organization } from './organization-api.ts';
import {
  PROFILE_API_FIELDS,
  type ProfileErrors,
  type ProfileField,
  profileChanges,
  profileValuesOf,
  validateProfile,
} from './profile-form.ts';
import { useUpdateOrganization } from './use-organization.ts';

/** The organization's name, industry, language and time zone (usage reports count days in that zone). */
export function ProfileForm({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization();
  const [values, setValues] = useState(() => profileValuesOf(organization));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [unchanged, setUnchanged] = useState(false);
  const placed = placeApiError<ProfileField>(update.error, PROFILE_API_FIELDS);
  const errorOf = (field: ProfileField) => errors[field] ?? placed.fields[field];
  const set = (field: ProfileField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = profileChanges(organization, values);
    const empty = Object.keys(changes).length === 0;
    setUnchanged(empty);
    if (empty) update.reset();
    else update.mutate(changes);
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Name"
        value={values.name}
        onChange={set('name')}
        maxLength={ORGANIZATION_LIMITS.name}
        error={errorOf('name')}
      />
      <TextField
        label="Industry"
        hint="Optional. Leave it blank to clear it."
        value={values.industry}
        onChange={set('industry')}
        maxLength={ORGANIZATION_LIMITS.industry}
        error={errorOf('industry')}
      />
      <TextField
        label="Primary language"
        hint="A language tag, like en, de or pt-BR."
        value={values.language}
        onChange={set('language')}
        maxLength={ORGANIZATION_LIMITS.languageMax}
        error={errorOf('language')}
      />
      <FormField
        label="Time zone"
        hint="Usage and spend limits count days and months in this zone."
        error={errorOf('timezone')}
      >
        {(control) => (
          <select {...control} value={values.timezone} onChange={(e) => set('timezone')(e.target.value)}>
            {timeZoneChoices(organization.primary_timezone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormActions
        error={placed.form}
        pending={update.isPending}
        submitLabel="Save profile"
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
      />
    </form>
  );
}
