import { FormField } from '../../../components/FormField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { timeZoneChoices } from '../../../lib/locale-checks.ts';
import { ORGANIZATION_LIMITS, type ProfileErrors, type ProfileField, type ProfileValues } from './organization-form.ts';

interface ProfileFieldsProps {
  values: ProfileValues;
  errors: ProfileErrors;
  set: (field: ProfileField, value: string) => void;
}

/** An organization's name, industry, language and time zone, as creating and editing it ask them. */
export function ProfileFields({ values, errors, set }: ProfileFieldsProps) {
  return (
    <>
      <TextField
        label="Name"
        hint="Unique across the platform."
        value={values.name}
        onChange={(value) => set('name', value)}
        maxLength={ORGANIZATION_LIMITS.name}
        error={errors.name}
      />
      <TextField
        label="Industry"
        hint="Optional. Leave it blank for none."
        value={values.industry}
        onChange={(value) => set('industry', value)}
        maxLength={ORGANIZATION_LIMITS.industry}
        error={errors.industry}
      />
      <TextField
        label="Primary language"
        hint="A language tag, like en, de or pt-BR."
        value={values.language}
        onChange={(value) => set('language', value)}
        maxLength={ORGANIZATION_LIMITS.language}
        error={errors.language}
      />
      <FormField label="Time zone" hint="Usage and spend limits count days and months in it." error={errors.timezone}>
        {(control) => (
          <select {...control} value={values.timezone} onChange={(e) => set('timezone', e.target.value)}>
            {timeZoneChoices(values.timezone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}
