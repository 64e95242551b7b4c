import { Outlet, useParams } from 'react-router';
import { SectionNav } from '../../../components/SectionNav.tsx';
import { useConsoleSections } from '../use-console-sections.ts';

/**
 * One organization's pages: its overview, users and service accounts; its wallet and its feature flags belong to
 * other parts of the Console, linked for the people who hold their sections.
 */
export function OrganizationLayout() {
  const { organizationId = '' } = useParams();
  const held = useConsoleSections();
  const home = `/console/organizations/${organizationId}`;
  const pages = [
    { to: home, label: 'Overview' },
    { to: `${home}/users`, label: 'Users' },
    { to: `${home}/service-accounts`, label: 'Service accounts' },
    ...(held.includes('billing') ? [{ to: `/console/billing/organizations/${organizationId}`, label: 'Billing' }] : []),
    ...(held.includes('platform')
      ? [{ to: `/console/feature-flags/organizations/${organizationId}`, label: 'Feature flags' }]
      : []),
  ];
  return (
    <>
      <SectionNav label="Organization" pages={pages} />
      <Outlet />
    </>
  );
}
