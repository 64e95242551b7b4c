import { useRef } from 'react';
import { NavLink } from 'react-router';
import { usePendingApprovalCount } from '../features/approvals/index.ts';
import { useSignedInUser } from '../features/auth/index.ts';
import { consoleSectionsOf } from '../features/console/index.tsx';
import { useCurrentLinkInView } from '../lib/use-current-link-in-view.ts';
import styles from './Shell.module.css';

/**
 * The main navigation; "Approvals" carries the live count of runs waiting for this person, "Admin" is there for
 * the organization's admins only and "Console" for the platform's operators with a console section (the API
 * refuses everyone else anyway).
 */
export function Navigation() {
  const pending = usePendingApprovalCount();
  const user = useSignedInUser();
  // On a phone the links form a row that scrolls sideways: the current one stays in view.
  const row = useRef<HTMLElement>(null);
  useCurrentLinkInView(row);
  return (
    <nav aria-label="Main" className={styles.nav} ref={row}>
      <ul className={styles.navList}>
        <li>
          <NavLink to="/threads" className={styles.navLink}>
            Threads
          </NavLink>
        </li>
        <li>
          <NavLink to="/projects" className={styles.navLink}>
            Projects
          </NavLink>
        </li>
        <li>
          <NavLink to="/approvals" className={styles.navLink}>
            Approvals
            {pending && (
              <>
                {' '}
                <span className={styles.badge}>{pending}</span>
              </>
            )}
          </NavLink>
        </li>
        <li>
          <NavLink to="/agents" className={styles.navLink}>
            Agents
          </NavLink>
        </li>
        {user.role === 'admin' && (
          <li>
            <NavLink to="/admin" className={styles.navLink}>
              Admin
            </NavLink>
          </li>
        )}
        {consoleSectionsOf(user).length > 0 && (
          <li>
            <NavLink to="/console" className={styles.navLink}>
              Console
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
