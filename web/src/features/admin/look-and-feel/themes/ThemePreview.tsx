import type { CSSProperties } from 'react';
import styles from './composer.module.css';
import { sendable } from './composer-state.ts';
import type { Surface, TokenMap, Variant } from './themes-api.ts';

/**
 * A workspace in miniature (banner, navigation, a card with text, a link and a button) drawn only from the theme's
 * tokens, which are set as custom properties on this element alone: the rest of the page keeps the app's look.
 */
export function ThemePreview({ tokens, surface, variant }: { tokens: TokenMap; surface: Surface; variant: Variant }) {
  const style = sendable(tokens) as CSSProperties;
  return (
    <figure className={styles.previewFrame}>
      <figcaption>
        Preview: {variant} variant, {surface} surface
      </figcaption>
      <div
        data-testid="theme-preview"
        className={surface === 'glass' ? `${styles.preview} ${styles.glass}` : styles.preview}
        style={style}
      >
        <div className={styles.banner}>
          <span className={styles.bannerMark} aria-hidden="true" />
          Acme workspace
        </div>
        <div className={styles.previewBody}>
          <ul className={styles.previewNav} aria-label="Preview navigation">
            <li className={styles.previewNavCurrent}>Threads</li>
            <li>Projects</li>
            <li>Agents</li>
          </ul>
          <div className={styles.previewCard}>
            <p className={styles.previewTitle}>Launch plan</p>
            <p className={styles.previewMuted}>Updated two hours ago</p>
            <p>
              Draft the announcement, then <span className={styles.previewLink}>review the notes</span>.
            </p>
            <div className={styles.previewActions}>
              <button type="button" className={styles.previewPrimary} tabIndex={-1}>
                Send
              </button>
              <span className={styles.previewAccent}>New</span>
              <span className={styles.previewDanger}>Overdue</span>
            </div>
          </div>
        </div>
      </div>
    </figure>
  );
}
