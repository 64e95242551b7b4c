import { useState } from 'react';
import { Link } from 'react-router';
import listStyles from '../../../../components/CardList.module.css';
import { FormField } from '../../../../components/FormField.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../../components/ShowMore.tsx';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { departmentChoices } from '../../organization/departments/department-tree.ts';
import { useDepartments } from '../../organization/use-organization.ts';
import styles from '../people.module.css';
import { UserMatches } from './UserSearch.tsx';
import { useUserList } from './use-users.ts';
import { roleLabel } from './user-form.ts';
import { SEARCH_LIMITS, type User } from './users-api.ts';

/** The organization's users, newest first, a page at a time; or those a search finds. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);

  return (
    <div className="page">
      <div className={listStyles.header}>
        <h1>Users</h1>
        <Link to="/admin/people/users/new" className="button button--primary">
          New user
        </Link>
      </div>
      <p className="muted">The people of your organization: their role, department and whether they can sign in.</p>
      <search>
        <FormField label="Search users" hint="By name or email.">
          {(control) => (
            <input
              {...control}
              type="search"
              value={search}
              maxLength={SEARCH_LIMITS.term}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        </FormField>
      </search>
      {term ? <UserMatches term={term} /> : <AllUsers />}
    </div>
  );
}

function AllUsers() {
  const users = useUserList();
  const departments = useDepartments();
  const departmentNames = new Map(departmentChoices(departments.data ?? []).map((d) => [d.id, d.label]));
  const rows = users.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      {users.isPending && <Loading label="Loading users…" />}
      {users.isError && <LoadError error={users.error} onRetry={() => users.refetch()} />}
      {users.isSuccess && rows.length === 0 && <p className="empty">No users yet.</p>}
      {rows.length > 0 && (
        <ul className={styles.rows} aria-label="Users">
          {rows.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              department={user.department_id && departmentNames.get(user.department_id)}
            />
          ))}
        </ul>
      )}
      <ShowMore noun="users" {...users} />
    </>
  );
}

function UserRow({ user, department }: { user: User; department: string | null | undefined }) {
  return (
    <li className={styles.row}>
      <Link to={`/admin/people/users/${user.id}`} className={styles.rowName}>
        {user.display_name}
      </Link>
      <span className="button-row">
        {user.is_suspended && <span className={'tag tag--danger'}>Suspended</span>}
        <span className="tag">{roleLabel(user.role)}</span>
      </span>
      <p className={styles.rowMeta}>
        {user.email}
        {department && ` · ${department}`}
        {user.is_developer && ' · Developer'}
      </p>
    </li>
  );
}
