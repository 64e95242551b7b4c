import listStyles from '../../../../components/CardList.module.css';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import styles from '../access.module.css';
import { useCreateRole, useRoles } from '../use-access.ts';
import { RoleForm } from './RoleForm.tsx';
import { RoleItem } from './RoleItem.tsx';
import { roleBody, roleFormValues } from './role-form.ts';

/** The console roles with their sections and holders; a new role below them. */
export function ConsoleRolesPage() {
  const roles = useRoles();
  return (
    <div className="page stack">
      <div>
        <h1>Console roles</h1>
        <p className="muted">
          A console role is the set of Console sections its holders may open. Every member of the system organization
          needs one; its admins hold every section whatever their role.
        </p>
      </div>
      {roles.isPending && <Loading label="Loading console roles…" />}
      {roles.isError && <LoadError error={roles.error} onRetry={() => roles.refetch()} />}
      {roles.isSuccess && roles.data.length === 0 && <p className="empty">No console roles yet.</p>}
      {roles.isSuccess && roles.data.length > 0 && (
        <ul className={listStyles.list} aria-label="Console roles">
          {roles.data.map((role) => (
            <RoleItem key={role.id} role={role} />
          ))}
        </ul>
      )}
      <NewRole />
    </div>
  );
}

function NewRole() {
  const create = useCreateRole();
  return (
    <section aria-labelledby="new-role" className={styles.part}>
      <h2 id="new-role">New console role</h2>
      {/* Remounted after each role made, so the form starts empty again. */}
      <RoleForm
        key={create.data?.id ?? 'new'}
        initial={roleFormValues()}
        submitLabel="Create role"
        pending={create.isPending}
        error={create.error}
        done={create.isSuccess && `Created ${create.data.name}.`}
        onSubmit={(values) => create.mutate(roleBody(values))}
      />
    </section>
  );
}
