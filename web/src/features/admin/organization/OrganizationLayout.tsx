import { Outlet } from 'react-router';
import { SectionNav } from '../../../components/SectionNav.tsx';

const PAGES = [
  { to: '/admin/organization', label: 'Profile and models' },
  { to: '/admin/organization/departments', label: 'Departments' },
];

/** Organization: its profile, models and flags on one page, its departments on another. */
export function OrganizationLayout() {
  return (
    <>
      <SectionNav label="Organization" pages={PAGES} />
      <Outlet />
    </>
  );
}
