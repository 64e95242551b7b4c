import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../../components/FormActions.tsx';
import { placeApiError } from '../../../../lib/field-errors.ts';
import type { Draft } from './composer-state.ts';
import { type SettingsErrors, ThemeSettings, validateSettings } from './ThemeSettings.tsx';
import { useCreateTheme } from './use-themes.ts';

const INITIAL: Draft = {
  name: '',
  surface: 'glass',
  light_enabled: true,
  dark_enabled: true,
  tokens: { light: {}, dark: {} },
};

const API_FIELDS: Readonly<Record<string, keyof SettingsErrors>> = { name: 'name' };

/** A new theme (no colours yet): the composer opens on it, where colours are suggested or set. */
export function CreateThemeForm() {
  const create = useCreateTheme();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(INITIAL);
  const [checked, setChecked] = useState<SettingsErrors>({});
  const placed = placeApiError(create.error, API_FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(draft);
    setChecked(found);
    if (Object.keys(found).length > 0) return;
    const { name, surface, light_enabled, dark_enabled } = draft;
    create.mutate(
      { name: name.trim(), surface, light_enabled, dark_enabled },
      { onSuccess: (theme) => navigate(`/admin/look-and-feel/themes/${theme.id}`) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="stack" aria-label="New theme">
      <ThemeSettings
        draft={draft}
        errors={{ ...placed.fields, ...checked }}
        onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
      />
      <FormActions error={placed.form} pending={create.isPending} submitLabel="Create theme" />
    </form>
  );
}
