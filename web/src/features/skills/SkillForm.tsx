import { type FormEvent, useState } from 'react';
import { FormActions } from '../../components/FormActions.tsx';
import { FormField } from '../../components/FormField.tsx';
import { TextField } from '../../components/TextField.tsx';
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
      <TextField
        label="Name"
        error={errors.name}
        value={values.name}
        maxLength={SKILL_LIMITS.name}
        onChange={(value) => set('name', value)}
      />
      <TextField
        label="Description"
        hint="Optional."
        error={errors.description}
        value={values.description}
        maxLength={SKILL_LIMITS.description}
        onChange={(value) => set('description', value)}
      />
      <TextField
        label="When to use"
        error={errors.whenToUse}
        rows={2}
        value={values.whenToUse}
        maxLength={SKILL_LIMITS.whenToUse}
        onChange={(value) => set('whenToUse', value)}
      />
      <TextField
        label="Instructions"
        error={errors.instructions}
        rows={8}
        value={values.instructions}
        maxLength={SKILL_LIMITS.instructions}
        onChange={(value) => set('instructions', value)}
      />
      <FormActions error={error} pending={pending} submitLabel={submitLabel} />
    </form>
  );
}
