import { Outlet } from 'react-router';
import { SectionNav } from '../../../components/SectionNav.tsx';

const PAGES = [
  { to: '/admin/billing', label: 'Overview' },
  { to: '/admin/billing/plan', label: 'Plan' },
  { to: '/admin/billing/profiles', label: 'Billing profiles' },
  { to: '/admin/billing/invoices', label: 'Invoices' },
];

/** Billing: what the organization may spend, what it subscribes to, who it is invoiced as, and its invoices. */
export function BillingLayout() {
  return (
    <>
      <SectionNav label="Billing" pages={PAGES} />
      <Outlet />
    </>
  );
}
