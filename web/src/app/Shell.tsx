import { Link, Outlet } from 'react-router';
import { AppearanceProvider, OrganizationLogo } from '../features/appearance/index.ts';
import { useSignedInUser, useSignOut } from '../features/auth/index.ts';
import { UserMenu } from '../features/profile/index.ts';
import { Navigation } from './Navigation.tsx';
import styles from './Shell.module.css';

/**
 * The frame around every signed-in page: the banner with the organization's logo and the account, the navigation,
 * and the page itself, in the member's palette.
 */
export function Shell() {
  const user = useSignedInUser();
  const signOut = useSignOut();

  return (
    <AppearanceProvider>
      <div className={styles.shell}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header className={styles.banner}>
          <Link to="/threads" className={styles.brand}>
            <OrganizationLogo organizationName={user.organization_name} />
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
    </AppearanceProvider>
  );
}
