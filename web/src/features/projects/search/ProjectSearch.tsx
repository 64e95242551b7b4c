import { unwrap } from '@atrium/client';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { useClient } from '../../../lib/client-context.tsx';
import styles from './ProjectSearch.module.css';
import { parseSnippet } from './snippet.ts';

/** The route's limit on a query. */
const MAX_QUERY_LENGTH = 500;

function useFileSearch(projectId: string, q: string) {
  const client = useClient();
  return useQuery({
    queryKey: ['project', projectId, 'search', q],
    queryFn: async () =>
      unwrap(
        await client.api.GET('/v1/projects/{id}/search', {
          params: { path: { id: projectId }, query: { q, limit: 20 } },
        }),
      ).data,
    enabled: q.length > 0,
  });
}

function Snippet({ snippet }: { snippet: string }) {
  return (
    <p className={styles.snippet}>
      {parseSnippet(snippet).map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
        part.matched ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </p>
  );
}

/** Full-text search over the project's indexed files: each hit names its file and shows the matching passage. */
export function ProjectSearch({ projectId }: { projectId: string }) {
  const [q, setQ] = useState('');
  const hits = useFileSearch(projectId, q);
  const headingId = useId();
  const fieldId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q')).trim());
  };

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Search the files</h2>
      <form onSubmit={submit} className={styles.form}>
        <div className="field">
          <label htmlFor={fieldId}>Search files</label>
          <input id={fieldId} name="q" type="search" required maxLength={MAX_QUERY_LENGTH} pattern=".*\S.*" />
        </div>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      {hits.isFetching && <Loading label="Searching…" />}
      {hits.isError && <LoadError error={hits.error} onRetry={() => hits.refetch()} />}
      {hits.data?.length === 0 && <p className="empty">Nothing in the indexed files matches “{q}”.</p>}
      {hits.data && hits.data.length > 0 && (
        <ol aria-label={`Results for ${q}`} className={styles.hits}>
          {hits.data.map((hit) => (
            <li key={hit.chunk_id} className={styles.hit}>
              <span className={styles.filename}>{hit.filename}</span>
              <Snippet snippet={hit.snippet} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
