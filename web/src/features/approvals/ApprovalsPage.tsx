import { Link } from 'react-router';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { threadTitle } from '../threads/index.ts';
import styles from './ApprovalsPage.module.css';
import type { PendingApproval, PendingInterrupt } from './approvals-api.ts';
import { InterruptCard } from './InterruptCard.tsx';
import { useApprovalsInbox } from './use-approvals.ts';

const asInterrupt = (approval: PendingApproval): PendingInterrupt => ({
  id: approval.id,
  type: approval.type,
  prompt: approval.prompt,
  options: approval.options,
  multiSelect: approval.multi_select,
});

/** The inbox: every approval and question awaiting the member, across threads and projects, answerable here. */
export function ApprovalsPage() {
  const approvals = useApprovalsInbox();
  const pending = approvals.data?.pages.flatMap((page) => page.data);

  return (
    <div className="page">
      <h1>Approvals</h1>
      <p className="muted">Runs that wait for you: approve or reject a step, or answer a question.</p>
      {approvals.isPending && <Loading />}
      {approvals.isError && <LoadError error={approvals.error} onRetry={() => approvals.refetch()} />}
      {pending?.length === 0 && <p className="empty">Nothing is waiting for you.</p>}
      <ul className={styles.list}>
        {pending?.map((approval) => (
          <li key={approval.id} className={styles.item}>
            <p className={styles.meta}>
              <Link to={`/threads/${approval.thread_id}`}>{threadTitle({ title: approval.thread_title })}</Link>
              <span aria-hidden="true"> · </span>
              <Timestamp value={approval.created_at} />
            </p>
            <InterruptCard threadId={approval.thread_id} runId={approval.run_id} interrupt={asInterrupt(approval)} />
          </li>
        ))}
      </ul>
      {approvals.hasNextPage && (
        <div>
          <button
            type="button"
            className="button"
            disabled={approvals.isFetchingNextPage}
            onClick={() => approvals.fetchNextPage()}
          >
            {approvals.isFetchingNextPage ? 'Loading older…' : 'Show older'}
          </button>
        </div>
      )}
    </div>
  );
}
