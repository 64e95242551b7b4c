import { useState } from 'react';
import { Link } from 'react-router';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { ThreadEditForm } from '../ThreadEditForm.tsx';
import { threadTitle } from '../thread-title.ts';
import type { Thread } from '../threads-api.ts';
import { useUpdateThread } from '../use-threads.ts';
import styles from './ThreadList.module.css';

export function ThreadRow({ thread, projectName }: { thread: Thread; projectName: string | undefined }) {
  const [editing, setEditing] = useState(false);
  const pin = useUpdateThread(thread.id);
  const title = threadTitle(thread);
  const pinLabel = thread.is_pinned ? 'Unpin' : 'Pin';

  return (
    <li className={styles.row}>
      <div className={styles.summary}>
        <Link to={`/threads/${thread.id}`} className={styles.title}>
          {title}
        </Link>
        <p className={styles.meta}>
          <Timestamp value={thread.updated_at} />
          {projectName && <span> · {projectName}</span>}
        </p>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={`button button--quiet ${styles.action}`}
          aria-label={`${pinLabel} ${title}`}
          disabled={pin.isPending}
          onClick={() => pin.mutate({ is_pinned: !thread.is_pinned })}
        >
          {pinLabel}
        </button>
        <button
          type="button"
          className={`button button--quiet ${styles.action}`}
          aria-label={`Edit ${title}`}
          aria-expanded={editing}
          onClick={() => setEditing((open) => !open)}
        >
          Edit
        </button>
      </div>
      {editing && (
        <div className={styles.editor}>
          <ThreadEditForm thread={thread} onDone={() => setEditing(false)} />
        </div>
      )}
    </li>
  );
}
