import { Link } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import styles from '../look-and-feel.module.css';
import { CreateThemeForm } from './CreateThemeForm.tsx';
import type { Theme } from './themes-api.ts';
import { useThemes } from './use-themes.ts';

const SWATCHES = ['--color-primary', '--color-secondary', '--color-accent', '--color-background'];

function ThemeRow({ theme }: { theme: Theme }) {
  const tokens = theme.light_enabled ? theme.light_tokens : theme.dark_tokens;
  const variants = [theme.light_enabled && 'light', theme.dark_enabled && 'dark'].filter(Boolean).join(' and ');
  return (
    <li className={styles.card}>
      <h3>
        <Link to={theme.id}>{theme.name}</Link>
      </h3>
      <span className="muted">
        {theme.surface === 'glass' ? 'Glass' : 'Flat'}, {variants}
      </span>
      <span className={styles.swatches} aria-hidden="true">
        {SWATCHES.filter((token) => tokens[token]).map((token) => (
          <span key={token} className={styles.chip} style={{ background: tokens[token] }} />
        ))}
      </span>
    </li>
  );
}

/** The organization's own themes, newest first, and a new one. */
export function ThemesPage() {
  const themes = useThemes();
  return (
    <div className="page stack">
      <h1>Themes</h1>
      <p className="muted">
        Custom palettes members can switch to once allowed under Appearance, besides the built-in ones.
      </p>
      <section aria-labelledby="themes-list" className="stack">
        <h2 id="themes-list">Your themes</h2>
        {themes.isPending && <Loading label="Loading the themes…" />}
        {themes.isError && <LoadError error={themes.error} onRetry={() => themes.refetch()} />}
        {themes.data?.length === 0 && <p className="empty">No themes yet.</p>}
        {themes.data && themes.data.length > 0 && (
          <ul className={styles.cards} aria-label="Themes">
            {themes.data.map((theme) => (
              <ThemeRow key={theme.id} theme={theme} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="themes-new" className="stack">
        <h2 id="themes-new">New theme</h2>
        <CreateThemeForm />
      </section>
    </div>
  );
}
