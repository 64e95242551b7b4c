import { Outlet } from 'react-router';
import { SectionNav } from '../../../components/SectionNav.tsx';

const PAGES = [
  { to: '/console/billing', label: 'Plans' },
  { to: '/console/billing/organizations', label: 'Organizations' },
];

/** Billing operations: the plans every organization may subscribe to, and each organization's money. */
export function BillingLayout() {
  return (
    <>
      <SectionNav label="Billing" pages={PAGES} />
      <Outlet />
    </>
  );
}
