import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import styles from './usage.module.css';

interface ReportSectionProps<T> {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  level?: 2 | 3;
  /** Controls of this report alone, under its heading. */
  controls?: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/**
 * One report's frame: its heading and controls, then its figures once loaded, a failure with a retry, or while a
 * new period loads the previous figures under a notice (so the page does not jump).
 */
export function ReportSection<T>({ id, title, level = 2, controls, query, children }: ReportSectionProps<T>) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} aria-busy={query.isFetching} className={styles.report}>
      <Heading id={id} className={styles.reportHeading}>
        {title}
      </Heading>
      {controls}
      {query.isPending && <Loading label={`Loading ${title.toLowerCase()}…`} />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {query.isPlaceholderData && (
        <p role="status" className="muted">
          Loading the new period…
        </p>
      )}
      {query.data !== undefined && children(query.data)}
    </section>
  );
}
