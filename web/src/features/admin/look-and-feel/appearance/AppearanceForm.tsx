import { FormActions } from '../../../../components/FormActions.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import styles from '../look-and-feel.module.css';
import type { Appearance } from './appearance-api.ts';
import {
  APPEARANCE_API_FIELDS,
  appearanceBody,
  appearanceValuesOf,
  type PaletteChoice,
  validateAppearance,
} from './appearance-form.ts';
import { usePutAppearance } from './use-appearance.ts';

/** Which palettes members may switch to (at least one), and the one they start with. */
export function AppearanceForm({ appearance, choices }: { appearance: Appearance; choices: readonly PaletteChoice[] }) {
  const put = usePutAppearance();
  const form = useCheckedForm({
    initial: appearanceValuesOf(appearance),
    validate: validateAppearance,
    error: put.error,
    fields: APPEARANCE_API_FIELDS,
    onValid: (values) => put.mutate(appearanceBody(values)),
  });
  const { values, set, errors } = form;
  const toggle = (id: string, on: boolean) =>
    set(
      'allowed',
      choices.map((c) => c.id).filter((c) => (c === id ? on : values.allowed.includes(c))),
    );
  const nameOf = (id: string) => choices.find((c) => c.id === id)?.name ?? id;

  return (
    <form onSubmit={form.submit} noValidate className="stack">
      <fieldset className={styles.palettes} aria-describedby={errors.allowed ? 'appearance-allowed-error' : undefined}>
        <legend>Palettes members may use</legend>
        {choices.map((choice) => (
          <label key={choice.id} className={styles.check}>
            <input
              type="checkbox"
              checked={values.allowed.includes(choice.id)}
              onChange={(e) => toggle(choice.id, e.target.checked)}
            />
            {choice.name}
          </label>
        ))}
        {errors.allowed && (
          <p id="appearance-allowed-error" className="alert">
            {errors.allowed}
          </p>
        )}
      </fieldset>
      <FormField
        label="Default palette"
        hint="What members start with. Without one they start with the first allowed palette."
        error={errors.defaultTheme}
      >
        {(control) => (
          <select {...control} value={values.defaultTheme} onChange={(e) => set('defaultTheme', e.target.value)}>
            <option value="">None</option>
            {/* The stored default stays a choice even when no longer allowed, so the error can point at it. */}
            {[...new Set([...values.allowed, values.defaultTheme])].filter(Boolean).map((id) => (
              <option key={id} value={id}>
                {nameOf(id)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormActions
        error={form.formError}
        pending={put.isPending}
        submitLabel="Save appearance"
        done={put.isSuccess && 'Saved.'}
      />
    </form>
  );
}
