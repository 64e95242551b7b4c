import { useState } from 'react';
import { type Artifact, ThreadFiles } from '../../artifacts/index.ts';
import { ThreadEditForm } from '../ThreadEditForm.tsx';
import { threadTitle } from '../thread-title.ts';
import type { Thread } from '../threads-api.ts';
import styles from './ConversationPage.module.css';

interface ConversationHeaderProps {
  thread: Thread;
  /** The thread's files, once loaded. */
  artifacts: readonly Artifact[] | undefined;
}

export function ConversationHeader({ thread, artifacts }: ConversationHeaderProps) {
  const [editing, setEditing] = useState(false);
  const [showingFiles, setShowingFiles] = useState(false);
  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{threadTitle(thread)}</h1>
        <div className={styles.headerActions}>
          <button
            type="button"
            className="button button--quiet"
            aria-expanded={showingFiles}
            onClick={() => setShowingFiles((open) => !open)}
          >
            Files{artifacts?.length ? ` (${artifacts.length})` : ''}
          </button>
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
      </div>
      {editing && <ThreadEditForm thread={thread} onDone={() => setEditing(false)} />}
      {showingFiles && <ThreadFiles artifacts={artifacts ?? []} />}
    </header>
  );
}
