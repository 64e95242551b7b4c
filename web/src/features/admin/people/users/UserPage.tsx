import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import { useSignedInUser } from '../../../auth/index.ts';
import { useDepartments } from '../../organization/use-organization.ts';
import styles from '../people.module.css';
import { Suspension } from '../Suspension.tsx';
import { UserForm } from './UserForm.tsx';
import { useSetUserSuspended, useUpdateUser, useUser } from './use-users.ts';
import { roleLabel, userChanges, userFormValues } from './user-form.ts';
import type { User } from './users-api.ts';

/** One user: their details, role, department and developer access, and suspending them. */
export function UserPage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const me = useSignedInUser();

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
        <h1>{isApiError(user.error, 404) ? 'User not found' : 'This user could not be opened'}</h1>
        <LoadError error={user.error} onRetry={() => user.refetch()} />
        <Link to="/admin/people">All users</Link>
      </div>
    );
  }
  const person = user.data;
  return (
    <div className="page stack">
      <div>
        <Link to="/admin/people">All users</Link>
        <h1>{person.display_name}</h1>
        <p className="muted">
          {person.email} · {roleLabel(person.role)}
          {person.is_suspended && ' · Suspended'}
        </p>
      </div>
      {person.id === me.id ? (
        <p>
          This is you. Admins cannot change their own role or status here; change your name and password on{' '}
          <Link to="/profile">your profile</Link>.
        </p>
      ) : (
        <>
          <EditUser user={person} />
          <UserSuspension user={person} />
        </>
      )}
    </div>
  );
}

function EditUser({ user }: { user: User }) {
  const update = useUpdateUser(user.id);
  const departments = useDepartments();
  const [unchanged, setUnchanged] = useState(false);

  return (
    <section aria-labelledby="user-details" className={styles.section}>
      <h2 id="user-details">Details</h2>
      <ErrorAlert error={departments.error} />
      <UserForm
        initial={userFormValues(user)}
        mode="edit"
        departments={departments.data}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
        onSubmit={(values) => {
          const changes = userChanges(user, values);
          const empty = Object.keys(changes).length === 0;
          setUnchanged(empty);
          if (empty) update.reset();
          else update.mutate(changes);
        }}
      />
    </section>
  );
}

function UserSuspension({ user }: { user: User }) {
  const suspension = useSetUserSuspended(user.id);
  return (
    <Suspension
      subject={user.display_name}
      suspended={user.is_suspended}
      activeText={`Active: ${user.display_name} can sign in.`}
      suspendedText={`Suspended: ${user.display_name} cannot sign in, and nothing runs as them.`}
      question={`Suspend ${user.display_name}? They are signed out at once and cannot sign in until unsuspended.`}
      pending={suspension.isPending}
      error={suspension.error}
      onChange={(suspended) => suspension.mutate(suspended)}
    />
  );
}
