import { useId } from 'react';
import { TextField } from '../../../../components/TextField.tsx';
import shared from '../look-and-feel.module.css';
import styles from './composer.module.css';
import type { Draft } from './composer-state.ts';
import { type Surface, THEME_LIMITS, VARIANTS } from './themes-api.ts';

export type SettingsErrors = Partial<Record<'name' | 'variants', string>>;

interface ThemeSettingsProps {
  draft: Draft;
  errors: SettingsErrors;
  onChange: (change: Partial<Omit<Draft, 'tokens'>>) => void;
}

/** The theme's name, its surface style and which variants members can switch to. */
export function ThemeSettings({ draft, errors, onChange }: ThemeSettingsProps) {
  const surfaceId = useId();
  return (
    <div className="stack">
      <TextField
        label="Name"
        value={draft.name}
        maxLength={THEME_LIMITS.name}
        onChange={(name) => onChange({ name })}
        error={errors.name}
      />
      <div className="field">
        <label htmlFor={surfaceId}>Surface</label>
        <select id={surfaceId} value={draft.surface} onChange={(e) => onChange({ surface: e.target.value as Surface })}>
          <option value="glass">Glass (translucent panels)</option>
          <option value="flat">Flat (solid panels)</option>
        </select>
      </div>
      <VariantChoice draft={draft} error={errors.variants} onChange={onChange} />
    </div>
  );
}

function VariantChoice({
  draft,
  error,
  onChange,
}: {
  draft: Draft;
  error?: string;
  onChange: ThemeSettingsProps['onChange'];
}) {
  const errorId = useId();
  return (
    <fieldset className={styles.variants} aria-describedby={error ? errorId : undefined}>
      <legend>Variants members can use</legend>
      {VARIANTS.map((variant) => (
        <label key={variant} className={shared.check}>
          <input
            type="checkbox"
            checked={draft[`${variant}_enabled`]}
            onChange={(e) => onChange({ [`${variant}_enabled`]: e.target.checked })}
          />
          {variant === 'light' ? 'Light' : 'Dark'}
        </label>
      ))}
      {error && (
        <p id={errorId} className="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function validateSettings(draft: Draft): SettingsErrors {
  const errors: SettingsErrors = {};
  const name = draft.name.trim();
  if (!name || name.length > THEME_LIMITS.name)
    errors.name = `Give the theme a name of 1 to ${THEME_LIMITS.name} characters.`;
  if (!draft.light_enabled && !draft.dark_enabled) errors.variants = 'Keep at least one variant enabled.';
  return errors;
}
