import { useId } from 'react';
import { describeError } from '../../lib/errors.ts';
import { ApprovalActions } from './ApprovalActions.tsx';
import type { PendingInterrupt } from './approvals-api.ts';
import { ClarificationForm } from './ClarificationForm.tsx';
import styles from './InterruptCard.module.css';
import { useAnswerInterrupt } from './use-approvals.ts';

interface InterruptCardProps {
  threadId: string;
  runId: string;
  interrupt: PendingInterrupt;
  /** Who answers it when the viewer may not (a spend-limit pause is an org admin's): said instead of the buttons. */
  answeredBy?: string | null;
}

/** A paused run's question, answered in place: Approve / Reject for approvals, an answer for clarifications. */
export function InterruptCard({ threadId, runId, interrupt, answeredBy = null }: InterruptCardProps) {
  const answer = useAnswerInterrupt({ threadId, runId, interruptId: interrupt.id });
  const titleId = useId();
  const isApproval = interrupt.type === 'approval';

  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding its own forms; a fieldset groups controls of one form
    <div role="group" aria-labelledby={titleId} className={styles.card}>
      <p id={titleId} className={styles.title}>
        {isApproval ? 'Approval needed' : 'Question for you'}
      </p>
      <p className={styles.prompt}>{interrupt.prompt}</p>
      {answeredBy ? (
        <p className="muted">The run goes on once {answeredBy} answers this.</p>
      ) : answer.isSuccess ? (
        <p role="status" className="muted">
          Answer sent. The run goes on.
        </p>
      ) : isApproval ? (
        <ApprovalActions busy={answer.isPending} onAnswer={answer.mutate} />
      ) : (
        <ClarificationForm interrupt={interrupt} busy={answer.isPending} onAnswer={answer.mutate} />
      )}
      {answer.isError && (
        <p role="alert" className="alert">
          {describeError(answer.error)}
        </p>
      )}
    </div>
  );
}
