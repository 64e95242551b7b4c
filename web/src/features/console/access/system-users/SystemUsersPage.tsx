import { Link } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { useSignedInUser } from '../../../auth/index.ts';
import { useSystemUsers } from '../use-access.ts';
import { consoleRoleText } from './system-user-text.ts';

/** The system organization's people (the platform's operators) and the console role each holds. */
export function SystemUsersPage() {
  const users = useSystemUsers();
  const me = useSignedInUser();
  return (
    <div className="page stack">
      <div>
        <h1>System users</h1>
        <p className="muted">
          The people of the system organization: the console role that decides which Console sections they open, whether
          they can sign in, and their password.
        </p>
      </div>
      {users.isPending && <Loading label="Loading system users…" />}
      {users.isError && <LoadError error={users.error} onRetry={() => users.refetch()} />}
      {users.isSuccess && users.data.length === 0 && <p className="empty">The system organization has no users.</p>}
      {users.isSuccess && users.data.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">System users, by email</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Console role</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    <Link to={`/console/access/system-users/${user.id}`}>{user.display_name}</Link>
                    <div className="muted">{user.email}</div>
                  </th>
                  <td>{consoleRoleText(user)}</td>
                  <td>
                    <span className="button-row">
                      {user.id === me.id && <span className="tag">You</span>}
                      {user.role === 'admin' && <span className="tag">Admin</span>}
                      {user.is_suspended ? (
                        <span className="tag tag--danger">Suspended</span>
                      ) : (
                        <span className="tag">Active</span>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
