import { Link, Outlet } from 'react-router';
import { useSignedInUser, useSignOut } from '../features/auth/index.ts';
import { UserMenu } from '../features/profile/index.ts';
import { Navigation } from './Navigation.tsx';
import styles from './Shell.module.css';

/** The frame around every signed-in page: the banner with the account, the navigation, and the page itself. */
export function Shell() {
  const user = useSignedInUser();
  const signOut = useSignOut();

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.banner}>
        <Link to="/threads" className={styles.brand}>
          Atrium
        </Link>
        <div className={styles.account}>
          <UserMenu user={user} />
          <button
            type="button"
            className="button button--quiet"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sign out
          </button>
        </div>
      </header>
      <Navigation />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
