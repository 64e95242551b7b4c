import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormField } from '../../components/FormField.tsx';
import { SKILL_LIMITS, type SkillFormErrors, type SkillFormValues, validateSkillForm } from './skill-form.ts';

interface SkillFormProps {
  initial: SkillFormValues;
  /** The slug is chosen once, at creation. */
  slugEditable: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: SkillFormValues) => void;
}

export function SkillForm({ initial, slugEditable, submitLabel, pending, error, onSubmit }: SkillFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SkillFormErrors>({});
  const set = (key: keyof SkillFormValues, value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSkillForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormField label="Slug" hint="How agents and people name the skill; it cannot change later." error={errors.slug}>
        {(control) => (
          <input
            {...control}
            value={values.slug}
            readOnly={!slugEditable}
            maxLength={SKILL_LIMITS.slug}
            onChange={(e) => set('slug', e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            value={values.name}
            maxLength={SKILL_LIMITS.name}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Description" hint="Optional." error={errors.description}>
        {(control) => (
          <input
            {...control}
            value={values.description}
            maxLength={SKILL_LIMITS.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </FormField>
      <FormField label="When to use" error={errors.whenToUse}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={values.whenToUse}
            maxLength={SKILL_LIMITS.whenToUse}
            onChange={(e) => set('whenToUse', e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Instructions" error={errors.instructions}>
        {(control) => (
          <textarea
            {...control}
            rows={8}
            value={values.instructions}
            maxLength={SKILL_LIMITS.instructions}
            onChange={(e) => set('instructions', e.target.value)}
          />
        )}
      </FormField>
      <ErrorAlert error={error} />
      <div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
