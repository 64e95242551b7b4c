import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { ShownOnce } from '../../../../components/ShownOnce.tsx';
import { OrganizationHeader } from '../OrganizationHeader.tsx';
import type { AdminOrganization, OrgUser } from '../organizations-api.ts';
import { useOrganization } from '../use-organizations.ts';
import { UserForm } from './UserForm.tsx';
import { useConsoleRoles, useCreateOrgUser, useMayGiveConsoleRole } from './use-org-users.ts';
import { newUserBody, type UserFormMode, type UserFormValues, userFormValues } from './user-form.ts';

/** Creates a user in the organization and shows their one-time password this once; leaving the page forgets it. */
export function NewUserPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  return (
    <div className="page stack">
      <OrganizationHeader title="New user" organization={organization.data} />
      {organization.isPending && <Loading label="Loading the organization…" />}
      {organization.isError && <LoadError error={organization.error} onRetry={() => organization.refetch()} />}
      {organization.data && <CreateUser organization={organization.data} />}
    </div>
  );
}

/** What a new organization's page hands over when its first admin could not be created: their details. */
const draftOf = (state: unknown): Partial<UserFormValues> =>
  (state as { draft?: Partial<UserFormValues> } | null)?.draft ?? {};

function CreateUser({ organization }: { organization: AdminOrganization }) {
  const create = useCreateOrgUser(organization.id);
  const location = useLocation();
  // Used once: "Create another user" starts blank.
  const [draft, setDraft] = useState(() => draftOf(location.state));
  const mode: UserFormMode = { create: true, consoleRole: useMayGiveConsoleRole(organization.is_system) };
  const roles = useConsoleRoles(mode.consoleRole);
  if (create.data) {
    return <Created user={create.data.user} password={create.data.password} onAnother={() => create.reset()} />;
  }
  return (
    <>
      <p className="muted">
        They get a temporary password, shown once here: hand it to them, and they sign in with their email and it.
      </p>
      {organization.is_system && !mode.consoleRole && (
        <p>
          Members of the system organization need a console role, and only people holding the Access section can give
          one: create an admin here, or ask someone who holds it.
        </p>
      )}
      {roles.isError && <LoadError error={roles.error} onRetry={() => roles.refetch()} />}
      <UserForm
        initial={{ ...userFormValues(), ...draft }}
        mode={mode}
        consoleRoles={roles.data}
        submitLabel="Create user"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) => create.mutate(newUserBody(values, mode), { onSuccess: () => setDraft({}) })}
      />
    </>
  );
}

function Created({ user, password, onAnother }: { user: OrgUser; password: string | null; onAnother: () => void }) {
  return (
    <>
      <p role="status">{user.display_name} can now sign in.</p>
      {password && (
        <ShownOnce
          name="Temporary password"
          warning={`Copy this password now and give it to ${user.display_name}: it will not be shown again.`}
          secrets={[
            { label: 'Email', value: user.email },
            { label: 'Temporary password', value: password },
          ]}
        />
      )}
      <div className="button-row">
        <Link to={`/console/organizations/${user.organization_id}/users/${user.id}`} className="button button--primary">
          Open {user.display_name}
        </Link>
        <button type="button" className="button" onClick={onAnother}>
          Create another user
        </button>
      </div>
    </>
  );
}
