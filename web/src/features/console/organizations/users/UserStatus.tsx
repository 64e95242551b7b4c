import { useNavigate } from 'react-router';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import styles from '../organizations.module.css';
import type { OrgUser } from '../organizations-api.ts';
import { useDeleteOrgUser, useSetOrgUserSuspended } from './use-org-users.ts';

/**
 * Suspending (asked first), unsuspending and deleting (asked first) a user. The API refuses it for oneself and for
 * the organization's last active admin (409); its message shows under the buttons.
 */
export function UserStatus({ user }: { user: OrgUser }) {
  const suspension = useSetOrgUserSuspended(user.organization_id, user.id);
  const remove = useDeleteOrgUser(user.organization_id, user.id);
  const navigate = useNavigate();
  const name = user.display_name;
  const pending = suspension.isPending || remove.isPending;
  return (
    <section aria-labelledby="user-status" className={styles.section}>
      <h2 id="user-status">Status</h2>
      <p>
        {user.is_suspended
          ? `Suspended: ${name} cannot sign in, and nothing runs as them.`
          : `Active: ${name} can sign in.`}
      </p>
      <div className="button-row">
        {user.is_suspended ? (
          <button type="button" className="button" disabled={pending} onClick={() => suspension.mutate(false)}>
            Unsuspend
          </button>
        ) : (
          <ConfirmAction
            label="Suspend"
            name={`Suspend ${name}`}
            question={`Suspend ${name}? They are refused from their next request until unsuspended.`}
            confirmLabel="Suspend now"
            pending={pending}
            onConfirm={() => suspension.mutate(true)}
          />
        )}
        <ConfirmAction
          label="Delete"
          name={`Delete ${name}`}
          question={`Delete ${name}? They disappear from the lists and cannot sign in again.`}
          confirmLabel="Delete for good"
          pending={pending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => navigate(`/console/organizations/${user.organization_id}/users`, { replace: true }),
            })
          }
        />
      </div>
      <ErrorAlert error={suspension.error ?? remove.error} />
    </section>
  );
}
