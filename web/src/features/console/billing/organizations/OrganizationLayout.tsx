import { unwrap } from '@atrium/client';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useParams } from 'react-router';
import { SectionNav } from '../../../../components/SectionNav.tsx';
import { useClient } from '../../../../lib/client-context.tsx';
import { useConsoleSections } from '../../use-console-sections.ts';
import { consoleBillingKeys } from '../billing-keys.ts';
import styles from '../console-billing.module.css';

/** The organization's name, for operators whose role may read organizations; the others know it by its id. */
function OrganizationName({ organizationId }: { organizationId: string }) {
  const client = useClient();
  const mayRead = useConsoleSections().includes('organizations');
  const organization = useQuery({
    queryKey: consoleBillingKeys.organization(organizationId),
    queryFn: async () =>
      unwrap(await client.api.GET('/v1/admin/organizations/{id}', { params: { path: { id: organizationId } } })),
    enabled: mayRead,
  });
  return <strong>{organization.data?.name ?? organizationId}</strong>;
}

/** One organization's billing: its wallet, its spend limits and its invoices, each a page under its own link. */
export function OrganizationLayout() {
  const { organizationId = '' } = useParams();
  const base = `/console/billing/organizations/${organizationId}`;
  const pages = [
    { to: base, label: 'Wallet' },
    { to: `${base}/spend-limits`, label: 'Spend limits' },
    { to: `${base}/invoices`, label: 'Invoices' },
  ];
  return (
    <>
      <p className={styles.context}>
        Organization <OrganizationName organizationId={organizationId} /> ·{' '}
        <Link to="/console/billing/organizations">Choose another</Link>
      </p>
      <SectionNav label="Organization billing" pages={pages} />
      <Outlet />
    </>
  );
}
