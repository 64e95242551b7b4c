import { useMutation } from '@tanstack/react-query';
import { FormActions } from '../../../../components/FormActions.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useClient } from '../../../../lib/client-context.tsx';
import { useCheckedForm } from '../../../../lib/use-checked-form.ts';
import { useBranding } from '../branding/use-branding.ts';
import {
  EMPTY_SUGGEST,
  SUGGEST_API_FIELDS,
  type SuggestValues,
  suggestInputOf,
  validateSuggest,
} from './suggest-form.ts';
import { type Surface, suggestColors, THEME_LIMITS, type TokenMap } from './themes-api.ts';

interface SuggestFormProps {
  surface: Surface;
  onSuggested: (tokens: { light_tokens: TokenMap; dark_tokens: TokenMap }) => void;
}

/**
 * Every colour of both variants suggested from the brand (scope `full`): brand colours and guidelines give the
 * same answer every time, a brief alone asks the organization's text model. The answer lands in the editor unsaved.
 */
export function SuggestForm({ surface, onSuggested }: SuggestFormProps) {
  const client = useClient();
  const branding = useBranding();
  const suggest = useMutation({
    mutationFn: (values: SuggestValues) => suggestColors(client, suggestInputOf(values, surface)),
    onSuccess: onSuggested,
  });
  const form = useCheckedForm({
    initial: EMPTY_SUGGEST,
    validate: validateSuggest,
    error: suggest.error,
    fields: SUGGEST_API_FIELDS,
    onValid: (values) => suggest.mutate(values),
  });
  const { values, set, errors } = form;
  const brand = branding.data;
  const brandColors = brand ? [brand.color_primary, brand.color_secondary, brand.color_accent].filter(Boolean) : [];

  return (
    <form onSubmit={form.submit} noValidate className="stack">
      {brand && (brandColors.length > 0 || brand.guidelines_text) && (
        <div>
          <button
            type="button"
            className="button"
            onClick={() =>
              form.setValues((current) => ({
                ...current,
                colors: brandColors.join(', '),
                guidelines: brand.guidelines_text ?? '',
              }))
            }
          >
            Use the brand's colours and guidelines
          </button>
        </div>
      )}
      <TextField
        label="Colours"
        hint="Up to 12 codes like #1f6feb, most important first, separated by commas."
        value={values.colors}
        onChange={(v) => set('colors', v)}
        error={errors.colors}
      />
      <TextField
        label="Guidelines"
        hint="Colours named in them are used; without any, their wording picks a hue."
        rows={3}
        maxLength={THEME_LIMITS.guidelines}
        value={values.guidelines}
        onChange={(v) => set('guidelines', v)}
        error={errors.guidelines}
      />
      <TextField
        label="Brief"
        hint="Used only without colours or guidelines: the organization's text model reads it."
        rows={2}
        maxLength={THEME_LIMITS.brief}
        value={values.brief}
        onChange={(v) => set('brief', v)}
        error={errors.brief}
      />
      <TextField
        label="Brand name"
        hint="Optional, read with the brief."
        maxLength={THEME_LIMITS.brandName}
        value={values.brandName}
        onChange={(v) => set('brandName', v)}
        error={errors.brandName}
      />
      <FormActions
        error={form.formError}
        pending={suggest.isPending}
        submitLabel="Suggest colours"
        done={suggest.isSuccess && 'Suggested colours are in the editor. Save to keep them.'}
      />
    </form>
  );
}
