import { Link } from 'react-router';
import { ShownOnce } from '../../../../components/ShownOnce.tsx';
import { UserForm } from './UserForm.tsx';
import { useCreateUser } from './use-users.ts';
import { newUserBody, userFormValues } from './user-form.ts';
import type { User } from './users-api.ts';

/** Creates a user and shows their one-time password this once; leaving the page forgets it. */
export function NewUserPage() {
  const create = useCreateUser();

  return (
    <div className="page stack">
      <h1>New user</h1>
      {create.data ? (
        <Created user={create.data.user} password={create.data.password} onAnother={() => create.reset()} />
      ) : (
        <>
          <p className="muted">
            They get a temporary password, shown once here: hand it to them, and they sign in with their email and it.
          </p>
          <UserForm
            initial={userFormValues()}
            mode="create"
            submitLabel="Create user"
            pending={create.isPending}
            error={create.error}
            onSubmit={(values) => create.mutate(newUserBody(values))}
          />
        </>
      )}
    </div>
  );
}

function Created({ user, password, onAnother }: { user: User; password: string | null; onAnother: () => void }) {
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
      <p className="muted">They can change the password from their profile once signed in.</p>
      <div className="inline-form__actions">
        <Link to={`/admin/people/users/${user.id}`} className="button button--primary">
          Open {user.display_name}
        </Link>
        <button type="button" className="button" onClick={onAnother}>
          Create another user
        </button>
      </div>
    </>
  );
}
