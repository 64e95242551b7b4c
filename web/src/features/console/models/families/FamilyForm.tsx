import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import styles from '../models.module.css';
import type { Provider, Version } from '../models-api.ts';
import {
  FAMILY_CODES,
  FAMILY_FIELDS,
  FAMILY_LIMITS,
  type FamilyFormValues,
  validateFamilyForm,
} from './family-form.ts';

interface FamilyFormProps {
  initial: FamilyFormValues;
  providers: Provider[];
  /** Editing a family: its own versions, for the latest-version choice, and the active switch. Absent when adding. */
  versions?: Version[];
  submitLabel: string;
  pending: boolean;
  error: unknown;
  done?: string | false;
  onSubmit: (values: FamilyFormValues) => void;
}

/** A model family's provider, name, slug and description; when editing, its latest version and whether it is active. */
export function FamilyForm({
  initial,
  providers,
  versions,
  submitLabel,
  pending,
  error,
  done,
  onSubmit,
}: FamilyFormProps) {
  const form = useCheckedForm({
    initial,
    validate: validateFamilyForm,
    error,
    fields: FAMILY_FIELDS,
    codes: FAMILY_CODES,
    onValid: onSubmit,
  });
  const { values, set, errors: shown, submit } = form;

  return (
    <form onSubmit={submit} noValidate className="stack">
      <div className="field-pair">
        <FormField label="Provider" error={shown.providerId}>
          {(control) => (
            <select {...control} value={values.providerId} onChange={(e) => set('providerId', e.target.value)}>
              <option value="">Choose a provider</option>
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          label="Name"
          error={shown.name}
          value={values.name}
          maxLength={FAMILY_LIMITS.name}
          onChange={(value) => set('name', value)}
        />
        <TextField
          label="Slug"
          hint="Lowercase letters, digits and hyphens; unique for the provider."
          error={shown.slug}
          value={values.slug}
          maxLength={FAMILY_LIMITS.slug}
          onChange={(value) => set('slug', value)}
        />
      </div>
      <TextField
        label="Description"
        hint="Optional."
        error={shown.description}
        rows={2}
        value={values.description}
        maxLength={FAMILY_LIMITS.description}
        onChange={(value) => set('description', value)}
      />
      {versions && (
        <>
          <FormField
            label="Latest version"
            hint="What organizations get when they choose this family."
            error={shown.latestVersionId}
          >
            {(control) => (
              <select
                {...control}
                value={values.latestVersionId}
                onChange={(e) => set('latestVersionId', e.target.value)}
              >
                <option value="">None</option>
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.displayName} ({v.modelId})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <label className={styles.option}>
            <input type="checkbox" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
            Active
          </label>
          {shown.isActive && <p className="alert">{shown.isActive}</p>}
        </>
      )}
      <FormActions error={form.formError} pending={pending} submitLabel={submitLabel} done={done} />
    </form>
  );
}
