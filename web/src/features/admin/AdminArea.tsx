import { Link, Outlet } from 'react-router';
import { AreaTabs } from '../../components/AreaTabs.tsx';
import { useSignedInUser } from '../auth/index.ts';
import { ADMIN_SECTIONS } from './sections.ts';

const TABS = ADMIN_SECTIONS.map((section) => ({ to: `/admin/${section.path}`, label: section.label }));

/**
 * The Admin area for the organization's admins: its sections' navigation above the page. Anyone else who opens
 * an /admin address is told so; the API refuses them too, so this is a courtesy, not the guard.
 */
export function AdminArea() {
  const user = useSignedInUser();
  if (user.role !== 'admin') return <NotAllowed />;
  return (
    <>
      <AreaTabs label="Admin area" tabs={TABS} />
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
