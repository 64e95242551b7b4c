import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './CardList.module.css';
import { LoadError, Loading } from './QueryStatus.tsx';

/** One card: its name links to the item's page. */
export interface Card {
  id: string;
  to: string;
  name: string;
  description?: string | null;
  meta: ReactNode;
}

interface CardListPageProps<T> {
  title: string;
  /** A sentence under the title saying what these are. */
  intro: string;
  create: { to: string; label: string };
  empty: string;
  items: UseQueryResult<readonly T[]>;
  card: (item: T) => Card;
}

/** A page listing an area's items as cards (agents, workflows, skills), with a link to make a new one. */
export function CardListPage<T>({ title, intro, create, empty, items, card }: CardListPageProps<T>) {
  return (
    <div className="page">
      <div className={styles.header}>
        <h1>{title}</h1>
        <Link to={create.to} className="button button--primary">
          {create.label}
        </Link>
      </div>
      <p className="muted">{intro}</p>
      {items.isPending && <Loading />}
      {items.isError && <LoadError error={items.error} onRetry={() => items.refetch()} />}
      {items.data?.length === 0 && <p className="empty">{empty}</p>}
      <ul className={styles.list}>
        {items.data?.map(card).map(({ id, to, name, description, meta }) => (
          <li key={id} className={styles.card}>
            <h2 className={styles.name}>
              <Link to={to}>{name}</Link>
            </h2>
            {description && <p className={styles.description}>{description}</p>}
            <p className={styles.meta}>{meta}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Who sees an agent or a workflow, as its card says it. */
export const visibilityLabel = (visibility: 'organization' | 'private') =>
  visibility === 'private' ? 'Only you' : 'Everyone in the organization';
