import { Outlet } from 'react-router';
import { SectionNav } from '../../../components/SectionNav.tsx';

const PAGES = [
  { to: '/console/access', label: 'Console roles' },
  { to: '/console/access/system-users', label: 'System users' },
];

/** Access: the console roles, and the system organization's people who hold them. */
export function AccessLayout() {
  return (
    <>
      <SectionNav label="Access" pages={PAGES} />
      <Outlet />
    </>
  );
}
