import { type KeyboardEvent, useRef } from 'react';
import { Link } from 'react-router';
import type { SignedInUser } from '../auth/index.ts';
import styles from './UserMenu.module.css';

/** The banner's account menu: who is signed in, and the pages about them (profile, developer keys). */
export function UserMenu({ user }: { user: SignedInUser }) {
  const menu = useRef<HTMLDetailsElement>(null);
  // A followed link closes the menu, as a menu does.
  const close = () => menu.current?.removeAttribute('open');
  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    close();
    menu.current.querySelector('summary')?.focus();
  };

  return (
    <details ref={menu} className={styles.menu} onKeyDown={closeOnEscape}>
      <summary className={styles.summary}>
        <span className={styles.name}>{user.display_name}</span>
        <span className={styles.org}>{user.organization_name}</span>
      </summary>
      <ul className={styles.items}>
        <li>
          <Link to="/profile" className={styles.item} onClick={close}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/developer" className={styles.item} onClick={close}>
            Developer
          </Link>
        </li>
      </ul>
    </details>
  );
}
