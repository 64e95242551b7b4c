import { Link, useLocation } from 'react-router';
import styles from './SectionNav.module.css';

/** One page of a section: its link, and the addresses under it that count as that page (its own and below). */
export interface SectionPage {
  to: string;
  label: string;
}

/**
 * The pages of one Admin section as a row of links, the current one marked: the page whose address is the
 * longest prefix of the current one (so `/admin/x/things/42` marks "Things", not the section's index).
 */
export function SectionNav({ label, pages }: { label: string; pages: readonly SectionPage[] }) {
  const { pathname } = useLocation();
  const current = pages
    .filter((page) => pathname === page.to || pathname.startsWith(`${page.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <nav aria-label={label} className={styles.nav}>
      {pages.map((page) => {
        const here = page === current;
        return (
          <Link
            key={page.to}
            to={page.to}
            className={here ? `${styles.link} ${styles.current}` : styles.link}
            aria-current={here ? 'page' : undefined}
          >
            {page.label}
          </Link>
        );
      })}
    </nav>
  );
}
