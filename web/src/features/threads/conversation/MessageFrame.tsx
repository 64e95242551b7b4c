import { type ReactNode, useId } from 'react';
import styles from './Message.module.css';

interface MessageFrameProps {
  /** Who wrote it: the article's accessible name ("You", "Assistant"). */
  author: string;
  variant: 'user' | 'assistant';
  /** Beside the author: a time, a run's status. */
  meta?: ReactNode;
  children: ReactNode;
}

/** One message of the conversation, stored or still streaming: an article named by its author. */
export function MessageFrame({ author, variant, meta, children }: MessageFrameProps) {
  const authorId = useId();
  return (
    <article aria-labelledby={authorId} className={`${styles.message} ${styles[variant]}`}>
      <header className={styles.header}>
        <span id={authorId} className={styles.author}>
          {author}
        </span>
        {meta}
      </header>
      <div className={styles.body}>{children}</div>
    </article>
  );
}
