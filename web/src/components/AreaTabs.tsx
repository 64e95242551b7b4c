import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import styles from './AreaTabs.module.css';

export interface AreaTab {
  to: string;
  label: string;
}

/**
 * An area's sections as a row of tabs. On a narrow screen the row scrolls sideways, so the current tab is brought
 * into view whenever the address changes (a later section would otherwise sit off-screen, unseen).
 */
export function AreaTabs({ label, tabs }: { label: string; tabs: readonly AreaTab[] }) {
  const row = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address decides which tab is current.
  useEffect(() => {
    const current = row.current?.querySelector<HTMLElement>('[aria-current="page"]');
    // jsdom has no layout, hence no scrollIntoView.
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav aria-label={label} className={styles.tabs} ref={row}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={styles.tab}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
