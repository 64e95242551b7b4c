import { useId } from 'react';
import { FormActions } from '../../../../components/FormActions.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import styles from '../access.module.css';
import type { RoleSection } from '../access-api.ts';
import { ALL_ROLE_SECTIONS, SECTION_TEXT } from '../section-text.ts';
import { ROLE_CODES, ROLE_FIELDS, ROLE_NAME_MAX, type RoleFormValues, validateRoleForm } from './role-form.ts';

interface RoleFormProps {
  initial: RoleFormValues;
  submitLabel: string;
  pending: boolean;
  /** The API's refusal of the last submit: its parts land on the fields they name. */
  error: unknown;
  done?: string | false;
  onSubmit: (values: RoleFormValues) => void;
}

/** A console role's name and the sections it opens, each with a sentence saying what that is. */
export function RoleForm({ initial, submitLabel, pending, error, done, onSubmit }: RoleFormProps) {
  const form = useCheckedForm({
    initial,
    validate: validateRoleForm,
    error,
    fields: ROLE_FIELDS,
    codes: ROLE_CODES,
    onValid: onSubmit,
  });
  const { values, set, errors, submit } = form;
  const id = useId();
  const toggle = (section: RoleSection, on: boolean) =>
    set('sections', on ? [...values.sections, section] : values.sections.filter((s) => s !== section));

  return (
    <form onSubmit={submit} noValidate className="stack">
      <TextField
        label="Name"
        error={errors.name}
        value={values.name}
        maxLength={ROLE_NAME_MAX}
        onChange={(name) => set('name', name)}
      />
      <fieldset className="stack" aria-describedby={errors.sections ? `${id}-sections-error` : undefined}>
        <legend>Sections</legend>
        {ALL_ROLE_SECTIONS.map((section) => (
          <div key={section} className={styles.section}>
            <input
              id={`${id}-${section}`}
              type="checkbox"
              checked={values.sections.includes(section)}
              aria-describedby={`${id}-${section}-opens`}
              onChange={(e) => toggle(section, e.target.checked)}
            />
            <label htmlFor={`${id}-${section}`}>{SECTION_TEXT[section].label}</label>
            <p id={`${id}-${section}-opens`} className={styles.opens}>
              {SECTION_TEXT[section].opens}
            </p>
          </div>
        ))}
        {errors.sections && (
          <p id={`${id}-sections-error`} className={styles.error}>
            {errors.sections}
          </p>
        )}
      </fieldset>
      <FormActions error={form.formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}
