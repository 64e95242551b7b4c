import { Link, useParams } from 'react-router';
import listStyles from '../../../../components/CardList.module.css';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { OrganizationHeader } from '../OrganizationHeader.tsx';
import type { OrgUser } from '../organizations-api.ts';
import { useOrganization } from '../use-organizations.ts';
import { useOrgUsers } from './use-org-users.ts';
import { roleLabel } from './user-form.ts';

/** The organization's people, all of them, by email: the API answers them in one page with their total. */
export function UsersPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  const users = useOrgUsers(organizationId);
  return (
    <div className="page stack">
      <div className={listStyles.header}>
        <OrganizationHeader title="Users" organization={organization.data} />
        <Link to={`/console/organizations/${organizationId}/users/new`} className="button button--primary">
          New user
        </Link>
      </div>
      {users.isPending && <Loading label="Loading users…" />}
      {users.isError && <LoadError error={users.error} onRetry={() => users.refetch()} />}
      {users.isSuccess && (
        <p role="status" className="muted">
          {users.data.total === 1 ? '1 user' : `${users.data.total} users`}, by email.
        </p>
      )}
      {users.isSuccess && users.data.data.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Users</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {users.data.data.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function UserRow({ user }: { user: OrgUser }) {
  return (
    <tr>
      <th scope="row">
        <Link to={`/console/organizations/${user.organization_id}/users/${user.id}`}>{user.display_name}</Link>
      </th>
      <td>{user.email}</td>
      <td>
        <span className="button-row">
          <span className="tag">{roleLabel(user.role)}</span>
          {user.is_developer && <span className="tag">Developer</span>}
          {user.is_suspended && <span className="tag tag--danger">Suspended</span>}
        </span>
      </td>
    </tr>
  );
}
