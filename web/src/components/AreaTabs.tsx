import { useRef } from 'react';
import { NavLink } from 'react-router';
import { useCurrentLinkInView } from '../lib/use-current-link-in-view.ts';
import styles from './AreaTabs.module.css';

export interface AreaTab {
  to: string;
  label: string;
}

/**
 * An area's sections as a row of tabs. On a narrow screen the row scrolls sideways, with the current tab kept in
 * view (a later section would otherwise sit off-screen, unseen).
 */
export function AreaTabs({ label, tabs }: { label: string; tabs: readonly AreaTab[] }) {
  const row = useRef<HTMLElement>(null);
  useCurrentLinkInView(row);
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
