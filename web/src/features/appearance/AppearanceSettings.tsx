import { FormField } from '../../components/FormField.tsx';
import { useThemeSettings } from './AppearanceProvider.tsx';
import type { Mode } from './appearance-api.ts';

const MODES: { mode: Mode; label: string }[] = [
  { mode: 'system', label: 'Like my device' },
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
];

/** The member's palette (among those the organization allows) and light/dark, kept in this browser. */
export function AppearanceSettings() {
  const { appearance, palette, mode, choosePalette, setMode } = useThemeSettings();
  // Until the organization's palettes are known, which choices exist is not known either.
  if (!appearance.data) return null;
  const palettes = appearance.data.palettes;
  const both = !palette || (palette.light_enabled && palette.dark_enabled);
  return (
    <section aria-labelledby="profile-appearance" className="stack">
      <h2 id="profile-appearance">Appearance</h2>
      {palettes.length > 1 && (
        <FormField label="Theme" hint="The themes your organization offers.">
          {(control) => (
            <select {...control} value={palette?.id ?? ''} onChange={(e) => choosePalette(e.target.value)}>
              {palettes.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {both ? (
        <fieldset className="stack">
          <legend>Light or dark</legend>
          {MODES.map((option) => (
            <label key={option.mode} className="choice">
              <input
                type="radio"
                name="appearance-mode"
                value={option.mode}
                checked={mode === option.mode}
                onChange={() => setMode(option.mode)}
              />{' '}
              {option.label}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="muted">
          {palette?.name} has only a {palette?.light_enabled ? 'light' : 'dark'} look.
        </p>
      )}
    </section>
  );
}
