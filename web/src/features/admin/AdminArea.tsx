import { Link, NavLink, Outlet } from 'react-router';
import { useSignedInUser } from '../auth/index.ts';
import styles from './AdminArea.module.css';
import { ADMIN_SECTIONS } from './sections.ts';

/**
 * The Admin area for the organization's admins: its sections' navigation above the page. Anyone else who opens
 * an /admin address is told so; the API refuses them too, so this is a courtesy, not the guard.
 */
export function AdminArea() {
  const user = useSignedInUser();
  if (user.role !== 'admin') return <NotAllowed />;
  return (
    <>
      <nav aria-label="Admin area" className={styles.tabs}>
        {ADMIN_SECTIONS.map((section) => (
          <NavLink key={section.path} to={`/admin/${section.path}`} className={styles.tab}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}

function NotAllowed() {
  return (
    <div className="page">
      <h1>Not allowed</h1>
      <p>Only administrators of your organization can open the Admin pages.</p>
      <p>
        <Link to="/threads">Go to your threads</Link>
      </p>
    </div>
  );
}
