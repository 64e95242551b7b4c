import { type FormEvent, useEffect, useState } from 'react';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { FormActions } from '../../../../components/FormActions.tsx';
import { placeApiError } from '../../../../lib/field-errors.ts';
import { isHexColor } from '../color.ts';
import shared from '../look-and-feel.module.css';
import { Backgrounds } from './Backgrounds.tsx';
import styles from './composer.module.css';
import { type Draft, draftOf, themeChanges, unfinishedColors, withTokens } from './composer-state.ts';
import { DeleteTheme } from './DeleteTheme.tsx';
import { ReadabilityIssues } from './ReadabilityIssues.tsx';
import { SuggestForm } from './SuggestForm.tsx';
import { ThemePreview } from './ThemePreview.tsx';
import { type SettingsErrors, ThemeSettings, validateSettings } from './ThemeSettings.tsx';
import { TokenEditor } from './TokenEditor.tsx';
import { type Theme, type TokenMap, tokenLabel, VARIANTS, type Variant } from './themes-api.ts';
import { CHECK_ONLY_TOKEN, useDerive } from './use-derive.ts';
import { useUpdateTheme } from './use-themes.ts';

const API_FIELDS: Readonly<Record<string, keyof SettingsErrors>> = {
  name: 'name',
  light_enabled: 'variants',
  dark_enabled: 'variants',
};

/**
 * One theme's composer: every edit is the draft's until saved; a swatch edit asks the API to re-derive what depends
 * on it (after a pause) and the dependents land in the draft, with the readability issues and their fixes.
 */
export function Composer({ theme }: { theme: Theme }) {
  const update = useUpdateTheme(theme.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(theme));
  const [variant, setVariant] = useState<Variant>(theme.light_enabled ? 'light' : 'dark');
  const [checked, setChecked] = useState<SettingsErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const {
    issues,
    error: deriveError,
    derive,
  } = useDerive((_variant, result) =>
    setDraft((current) => withTokens(withTokens(current, 'light', result.light_tokens), 'dark', result.dark_tokens)),
  );

  // The theme as loaded is judged once, so its issues show before any edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first draft is checked on mount.
  useEffect(() => derive({ draft, variant: 'light', token: CHECK_ONLY_TOKEN }), []);

  const edit = (token: string, value: string) => {
    const next = withTokens(draft, variant, { [token]: value });
    setDraft(next);
    setNotice(null);
    if (isHexColor(value)) derive({ draft: next, variant, token, debounce: true });
  };

  const fix = (fixVariant: Variant, map: TokenMap) => {
    const next = withTokens(draft, fixVariant, map);
    setDraft(next);
    const [token] = Object.keys(map);
    if (token) derive({ draft: next, variant: fixVariant, token });
    setNotice(`Fixed: ${Object.keys(map).map(tokenLabel).join(', ')} changed. Save to keep it.`);
  };

  const suggested = (tokens: { light_tokens: TokenMap; dark_tokens: TokenMap }) => {
    const next = withTokens(withTokens(draft, 'light', tokens.light_tokens), 'dark', tokens.dark_tokens);
    setDraft(next);
    derive({ draft: next, variant: 'light', token: CHECK_ONLY_TOKEN });
  };

  const changes = themeChanges(theme, draft);
  const dirty = Object.keys(changes).length > 0;
  const placed = placeApiError<keyof SettingsErrors>(update.error, API_FIELDS);
  const unfinished = unfinishedColors(draft);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(draft);
    setChecked(found);
    setNotice(null);
    if (Object.keys(found).length > 0 || unfinished.length > 0) return;
    if (!dirty) {
      update.reset();
      setNotice('Nothing to save: nothing changed.');
      return;
    }
    update.mutate(changes, { onSuccess: () => setNotice('Saved.') });
  };

  return (
    <div className="stack">
      <div className={styles.layout}>
        <form onSubmit={save} noValidate className="stack" aria-label="Theme">
          <ThemeSettings
            draft={draft}
            errors={{ ...placed.fields, ...checked }}
            onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
          />
          <fieldset className={styles.variants}>
            <legend>Colours of</legend>
            {VARIANTS.map((v) => (
              <label key={v} className={shared.check}>
                <input type="radio" name="variant" checked={variant === v} onChange={() => setVariant(v)} />
                {v === 'light' ? 'Light' : 'Dark'}
              </label>
            ))}
          </fieldset>
          <TokenEditor variant={variant} tokens={draft.tokens[variant]} onEdit={edit} />
          {unfinished.length > 0 && (
            <p className="alert">
              Finish or empty the colours marked above before saving ({unfinished.length} in{' '}
              {[...new Set(unfinished.map((u) => u.variant))].join(' and ')}).
            </p>
          )}
          {dirty && <p className="muted">Unsaved changes.</p>}
          <FormActions error={placed.form} pending={update.isPending} submitLabel="Save theme" done={notice ?? false} />
        </form>
        <div className={`stack ${styles.sticky}`}>
          <ThemePreview tokens={draft.tokens[variant]} surface={draft.surface} variant={variant} />
          <section aria-labelledby="theme-readability" className="stack">
            <h2 id="theme-readability">Readability</h2>
            <ErrorAlert error={deriveError} />
            {!issues && !deriveError && <p className="muted">Checking…</p>}
            {VARIANTS.map((v) => (
              <ReadabilityIssues key={v} variant={v} issues={issues?.[v]} onFix={(map) => fix(v, map)} />
            ))}
          </section>
        </div>
      </div>
      <section aria-labelledby="theme-suggest" className="stack">
        <h2 id="theme-suggest">Suggest colours</h2>
        <SuggestForm surface={draft.surface} onSuggested={suggested} />
      </section>
      <section aria-labelledby="theme-backgrounds" className="stack">
        <h2 id="theme-backgrounds">Backgrounds</h2>
        <Backgrounds theme={theme} />
      </section>
      <section aria-labelledby="theme-delete" className="stack">
        <h2 id="theme-delete">Delete</h2>
        <DeleteTheme theme={theme} />
      </section>
    </div>
  );
}
