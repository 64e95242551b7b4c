import { useState } from 'react';
import { FormActions } from '../../../../components/FormActions.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import { ColorField } from '../ColorField.tsx';
import styles from '../look-and-feel.module.css';
import { BrandPreview } from './BrandPreview.tsx';
import { type Branding, GUIDELINES_MAX } from './branding-api.ts';
import { BRANDING_API_FIELDS, brandingChanges, brandingValuesOf, validateBranding } from './branding-form.ts';
import { useUpdateBranding } from './use-branding.ts';

/** The brand's three colours (empty clears one) and its written guidelines, with a live preview. */
export function BrandingForm({ branding }: { branding: Branding }) {
  const update = useUpdateBranding();
  const [unchanged, setUnchanged] = useState(false);
  const form = useCheckedForm({
    initial: brandingValuesOf(branding),
    validate: validateBranding,
    error: update.error,
    fields: BRANDING_API_FIELDS,
    onValid: (values) => {
      const changes = brandingChanges(branding, values);
      const empty = Object.keys(changes).length === 0;
      setUnchanged(empty);
      if (empty) update.reset();
      else update.mutate(changes);
    },
  });
  const { values, set, errors } = form;
  const hint = 'Six hex digits, like #1F6FEB. Leave it empty to clear it.';
  return (
    <form onSubmit={form.submit} noValidate className="stack">
      <div className={styles.brandGrid}>
        <div className="stack">
          <ColorField
            label="Primary colour"
            hint={hint}
            value={values.primary}
            onChange={(v) => set('primary', v)}
            error={errors.primary}
          />
          <ColorField
            label="Secondary colour"
            value={values.secondary}
            onChange={(v) => set('secondary', v)}
            error={errors.secondary}
          />
          <ColorField
            label="Accent colour"
            value={values.accent}
            onChange={(v) => set('accent', v)}
            error={errors.accent}
          />
        </div>
        <BrandPreview primary={values.primary} secondary={values.secondary} accent={values.accent} />
      </div>
      <TextField
        label="Guidelines"
        hint="How the brand is written and shown; generators and theme suggestions read it. Leave it empty to clear it."
        rows={6}
        maxLength={GUIDELINES_MAX}
        value={values.guidelines}
        onChange={(v) => set('guidelines', v)}
        error={errors.guidelines}
      />
      <FormActions
        error={form.formError}
        pending={update.isPending}
        submitLabel="Save branding"
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
      />
    </form>
  );
}
