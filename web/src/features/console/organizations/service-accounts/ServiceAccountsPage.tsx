import { useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { Timestamp } from '../../../../components/Timestamp.tsx';
import { OrganizationHeader } from '../OrganizationHeader.tsx';
import type { OrgServiceAccount } from '../organizations-api.ts';
import { useOrganization } from '../use-organizations.ts';
import { useOrgServiceAccounts } from './use-org-service-accounts.ts';

/** The organization's service accounts, to look at: its developers manage them from their own Admin area. */
export function ServiceAccountsPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  const accounts = useOrgServiceAccounts(organizationId);
  return (
    <div className="page stack">
      <OrganizationHeader title="Service accounts" organization={organization.data} />
      {accounts.isPending && <Loading label="Loading service accounts…" />}
      {accounts.isError && <LoadError error={accounts.error} onRetry={() => accounts.refetch()} />}
      {accounts.isSuccess && accounts.data.length === 0 && <p className="empty">No service accounts.</p>}
      {accounts.isSuccess && accounts.data.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Service accounts</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Console access</th>
                <th scope="col">Status</th>
                <th scope="col">Last used</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.map((account) => (
                <AccountRow key={account.id} account={account} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function AccountRow({ account }: { account: OrgServiceAccount }) {
  return (
    <tr>
      <th scope="row">{account.name}</th>
      <td>{account.role === 'admin' ? 'Admin' : 'Member'}</td>
      <td>{account.can_access_console ? 'Yes' : 'No'}</td>
      <td>{account.is_suspended ? <span className="tag tag--danger">Suspended</span> : 'Active'}</td>
      <td>{account.last_used_at ? <Timestamp value={account.last_used_at} /> : 'Never'}</td>
    </tr>
  );
}
