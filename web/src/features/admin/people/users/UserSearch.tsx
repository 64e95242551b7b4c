import { Link } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import styles from '../people.module.css';
import { useUserSearch } from './use-users.ts';
import { SEARCH_LIMITS } from './users-api.ts';

/** The search's answer in place of the full list: active people only, as the API's search finds them. */
export function UserMatches({ term }: { term: string }) {
  const matches = useUserSearch(term);
  if (matches.isPending) return <Loading label="Searching…" />;
  if (matches.isError) return <LoadError error={matches.error} onRetry={() => matches.refetch()} />;
  return (
    <>
      <p role="status" className="muted">
        {matches.data.length === 0
          ? `No active user matches “${term}”.`
          : `${matches.data.length === SEARCH_LIMITS.results ? 'The first ' : ''}${matches.data.length} active ${
              matches.data.length === 1 ? 'user matches' : 'users match'
            } “${term}”. Suspended users are in the full list.`}
      </p>
      {matches.data.length > 0 && (
        <ul className={styles.rows} aria-label="Matching users">
          {matches.data.map((user) => (
            <li key={user.id} className={styles.row}>
              <Link to={`/admin/people/users/${user.id}`} className={styles.rowName}>
                {user.display_name}
              </Link>
              <p className={styles.rowMeta}>{user.email}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
