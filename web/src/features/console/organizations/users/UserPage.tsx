import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import { OrganizationHeader } from '../OrganizationHeader.tsx';
import styles from '../organizations.module.css';
import type { OrgUser } from '../organizations-api.ts';
import { useOrganization } from '../use-organizations.ts';
import { PasswordReset } from './PasswordReset.tsx';
import { UserForm } from './UserForm.tsx';
import { UserStatus } from './UserStatus.tsx';
import { useConsoleRoles, useMayGiveConsoleRole, useOrgUser, useUpdateOrgUser } from './use-org-users.ts';
import { roleLabel, type UserFormMode, userChanges, userFormValues } from './user-form.ts';

/** One user of an organization: their details and role, status, password, and deleting them. */
export function UserPage() {
  const { organizationId = '', userId = '' } = useParams();
  const organization = useOrganization(organizationId);
  const user = useOrgUser(organizationId, userId);
  if (user.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the user…" />
      </div>
    );
  }
  if (user.isError) {
    return (
      <div className="page stack">
        <OrganizationHeader
          title={isApiError(user.error, 404) ? 'User not found' : 'This user could not be opened'}
          organization={organization.data}
        />
        <LoadError error={user.error} onRetry={() => user.refetch()} />
      </div>
    );
  }
  const person = user.data;
  return (
    <div className="page stack">
      <OrganizationHeader title={person.display_name} organization={organization.data} />
      <p className="muted">
        {person.email} · {roleLabel(person.role)}
        {person.is_developer && ' · Developer'}
        {person.is_suspended && ' · Suspended'}
      </p>
      <EditUser user={person} />
      <UserStatus user={person} />
      <PasswordReset user={person} />
    </div>
  );
}

function EditUser({ user }: { user: OrgUser }) {
  const update = useUpdateOrgUser(user.organization_id, user.id);
  const mode: UserFormMode = { create: false, consoleRole: useMayGiveConsoleRole(user.organization_is_system) };
  const roles = useConsoleRoles(mode.consoleRole);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <section aria-labelledby="user-details" className={styles.section}>
      <h2 id="user-details">Details</h2>
      {user.organization_is_system && !mode.consoleRole && (
        <p>
          Console role: {user.console_role_id ? 'assigned' : 'none'}. Only people holding the Access section see its
          name and change it.
        </p>
      )}
      {roles.isError && <LoadError error={roles.error} onRetry={() => roles.refetch()} />}
      <UserForm
        initial={userFormValues(user)}
        mode={mode}
        consoleRoles={roles.data}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
        onSubmit={(values) => {
          const changes = userChanges(user, values, mode);
          const empty = Object.keys(changes).length === 0;
          setUnchanged(empty);
          if (empty) update.reset();
          else update.mutate(changes);
        }}
      />
    </section>
  );
}
