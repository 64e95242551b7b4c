import { useCallback, useId, useRef } from 'react';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { useOnVisible } from '../../../lib/use-on-visible.ts';
import type { ThreadFilters } from '../threads-api.ts';
import { useThreadList } from '../use-threads.ts';
import styles from './ThreadList.module.css';
import { ThreadRow } from './ThreadRow.tsx';

interface ThreadListProps {
  heading: string;
  filters: ThreadFilters;
  /** Shown when the list is empty; without it an empty list renders nothing at all. */
  emptyText?: string;
  projectNames: ReadonlyMap<string, string>;
}

/** A titled list of threads that loads its next cursor page as its end scrolls into view. */
export function ThreadList({ heading, filters, emptyText, projectNames }: ThreadListProps) {
  const threads = useThreadList(filters);
  const headingId = useId();
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = threads;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useOnVisible(end, loadMore, hasNextPage);

  const rows = threads.data?.pages.flatMap((page) => page.data) ?? [];
  if (threads.isSuccess && rows.length === 0 && !emptyText) return null;

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      {threads.isPending && <Loading label="Loading threads…" />}
      {threads.isError && <LoadError error={threads.error} onRetry={() => threads.refetch()} />}
      {threads.isSuccess && rows.length === 0 && <p className="empty">{emptyText}</p>}
      <ul className={styles.list}>
        {rows.map((thread) => (
          <ThreadRow
            key={thread.id}
            thread={thread}
            projectName={thread.project_id ? projectNames.get(thread.project_id) : undefined}
          />
        ))}
      </ul>
      <div ref={end} className={styles.end}>
        {hasNextPage && (
          <button type="button" className="button button--quiet" onClick={loadMore} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading more…' : 'Load more threads'}
          </button>
        )}
      </div>
    </section>
  );
}
