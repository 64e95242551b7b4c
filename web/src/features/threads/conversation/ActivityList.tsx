import type { TurnDocument } from '@atrium/client';
import styles from './ActivityList.module.css';

type Activity = TurnDocument['activity'][number];

const STATE_TEXT: Record<Activity['state'], string> = {
  pending: 'Waiting',
  active: 'In progress',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What the run is doing or did: each step's label and state (and what went wrong, when it failed). */
export function ActivityList({ activity }: { activity: readonly Activity[] }) {
  return (
    <ol aria-label="Steps" className={styles.list}>
      {activity.map((entry) => (
        <li key={entry.id} className={styles.entry} data-state={entry.state}>
          <span className={styles.label}>{entry.label}</span>
          <span className={styles.state}>{STATE_TEXT[entry.state]}</span>
          {entry.state === 'failed' && entry.detail && <span className={styles.detail}>{entry.detail}</span>}
        </li>
      ))}
    </ol>
  );
}
