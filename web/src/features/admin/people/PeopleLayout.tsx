import { Outlet } from 'react-router';
import { SectionNav } from '../../../components/SectionNav.tsx';

// Every People page but the service accounts' is about users (the list, a new user, one user).
const PAGES = [
  { to: '/admin/people', label: 'Users' },
  { to: '/admin/people/service-accounts', label: 'Service accounts' },
];

/** People: the organization's users, and its service accounts with their keys. */
export function PeopleLayout() {
  return (
    <>
      <SectionNav label="People" pages={PAGES} />
      <Outlet />
    </>
  );
}
