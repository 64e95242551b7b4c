import { Link, useParams } from 'react-router';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { useSignedInUser } from '../../../auth/index.ts';
import styles from '../access.module.css';
import type { SystemUser } from '../access-api.ts';
import { useSystemUsers, useUpdateSystemUser } from '../use-access.ts';
import { ConsoleRoleForm } from './ConsoleRoleForm.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { consoleRoleText } from './system-user-text.ts';

const BACK = <Link to="/console/access/system-users">All system users</Link>;

/** One system user: their console role, suspending them, and their password. The API has no single-user read. */
export function SystemUserPage() {
  const { userId = '' } = useParams();
  const users = useSystemUsers();
  const me = useSignedInUser();

  if (users.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the user…" />
      </div>
    );
  }
  const user = users.data?.find((row) => row.id === userId);
  if (!user) {
    return (
      <div className="page stack">
        <h1>{users.isError ? 'This user could not be opened' : 'User not found'}</h1>
        {users.isError ? (
          <LoadError error={users.error} onRetry={() => users.refetch()} />
        ) : (
          <p>No user of the system organization has this address.</p>
        )}
        {BACK}
      </div>
    );
  }
  const isMe = user.id === me.id;
  return (
    <div className="page stack">
      <div>
        {BACK}
        <h1>{user.display_name}</h1>
        <p className="muted">
          {user.email} · {user.role === 'admin' ? 'Admin' : 'Member'}
          {user.is_suspended && ' · Suspended'}
        </p>
      </div>
      <section aria-labelledby="role-heading" className={styles.part}>
        <h2 id="role-heading">Console role</h2>
        <p>Now: {consoleRoleText(user)}</p>
        <ConsoleRoleForm user={user} isMe={isMe} />
      </section>
      <Status user={user} isMe={isMe} />
      <PasswordSection user={user} />
    </div>
  );
}

function Status({ user, isMe }: { user: SystemUser; isMe: boolean }) {
  const update = useUpdateSystemUser(user, isMe);
  const name = user.display_name;
  return (
    <section aria-labelledby="status-heading" className={styles.part}>
      <h2 id="status-heading">Status</h2>
      <p>
        {user.is_suspended
          ? `Suspended: ${name} cannot sign in or use the Console.`
          : `Active: ${name} can sign in and open the Console sections of their role.`}
      </p>
      {isMe ? (
        <p className="muted">You cannot suspend yourself.</p>
      ) : (
        <div>
          {user.is_suspended ? (
            <button
              type="button"
              className="button"
              disabled={update.isPending}
              onClick={() => update.mutate({ is_suspended: false })}
            >
              Unsuspend
            </button>
          ) : (
            <ConfirmAction
              label="Suspend"
              name={`Suspend ${name}`}
              question={`Suspend ${name}? They lose access to the Console at once, until unsuspended.`}
              confirmLabel="Suspend now"
              pending={update.isPending}
              onConfirm={() => update.mutate({ is_suspended: true })}
            />
          )}
        </div>
      )}
      <ErrorAlert error={update.error} />
    </section>
  );
}
