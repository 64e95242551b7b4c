import { useState } from 'react';
import { ThreadEditForm } from '../ThreadEditForm.tsx';
import { threadTitle } from '../thread-title.ts';
import type { Thread } from '../threads-api.ts';
import styles from './ConversationPage.module.css';

export function ConversationHeader({ thread }: { thread: Thread }) {
  const [editing, setEditing] = useState(false);
  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{threadTitle(thread)}</h1>
        <button
          type="button"
          className="button button--quiet"
          aria-label="Edit thread"
          aria-expanded={editing}
          onClick={() => setEditing((open) => !open)}
        >
          Edit
        </button>
      </div>
      {editing && <ThreadEditForm thread={thread} onDone={() => setEditing(false)} />}
    </header>
  );
}
