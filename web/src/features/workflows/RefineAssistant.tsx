import { type FormEvent, useId, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ProposalSteps } from './ProposalSteps.tsx';
import styles from './RefineAssistant.module.css';
import { useRefineWorkflow } from './use-workflows.ts';
import type { Definition, RefineMessage } from './workflows-api.ts';

/** The API takes at most this many messages: a long conversation sends its latest ones. */
const MAX_MESSAGES = 50;
const MESSAGE_MAX_CHARS = 20_000;

interface RefineAssistantProps {
  workflowId: string;
  /** Loads the proposal into the steps editor; saving it stays the person's call. */
  onApply: (definition: Definition) => void;
}

/**
 * A short conversation with the model about a saved workflow. The API keeps no history, so every request sends
 * the whole conversation; each answer may carry a proposed definition, which the person can apply to the form.
 */
export function RefineAssistant({ workflowId, onApply }: RefineAssistantProps) {
  const refine = useRefineWorkflow(workflowId);
  const headingId = useId();
  const [messages, setMessages] = useState<RefineMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [blank, setBlank] = useState(false);
  const [proposal, setProposal] = useState<Definition | null>(null);
  const [applied, setApplied] = useState(false);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    setBlank(!content);
    if (!content) return;
    const asked = [...messages, { role: 'user' as const, content }];
    refine.mutate(asked.slice(-MAX_MESSAGES), {
      onSuccess: ({ text, proposedDefinition }) => {
        // An empty answer is not kept: the API refuses empty messages in the history it is sent next time.
        setMessages(text.trim() ? [...asked, { role: 'assistant', content: text }] : asked);
        setProposal(proposedDefinition);
        setApplied(false);
        setDraft('');
      },
    });
  };

  const apply = () => {
    if (!proposal) return;
    onApply(proposal);
    setApplied(true);
  };

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Assistant</h2>
      <p className="muted">
        Describe a change and the assistant proposes revised steps. Nothing changes until you apply a proposal and save.
      </p>
      {messages.length > 0 && (
        <ol className={styles.transcript} aria-label="Conversation with the assistant">
          {messages.map((message, index) => (
            // The conversation only grows, so a message's position is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className={styles.message} data-role={message.role}>
              <span className={styles.who}>{message.role === 'user' ? 'You' : 'Assistant'}</span>
              {message.content}
            </li>
          ))}
        </ol>
      )}
      {proposal && (
        <div className={styles.panel}>
          <h3>Proposed steps</h3>
          <ProposalSteps definition={proposal} />
          <div className={styles.actions}>
            <button type="button" className="button" onClick={apply}>
              Apply proposal
            </button>
            <p role="status" className={`muted ${styles.line}`}>
              {applied ? 'Applied to the steps above. Review them, then Save changes to keep them.' : ''}
            </p>
          </div>
        </div>
      )}
      <form onSubmit={send} noValidate className="stack">
        <TextField
          label="Ask the assistant"
          error={blank ? 'Write what to change.' : undefined}
          rows={2}
          value={draft}
          maxLength={MESSAGE_MAX_CHARS}
          onChange={setDraft}
        />
        <ErrorAlert error={refine.error} />
        <div className={styles.actions}>
          <button type="submit" className="button button--primary" disabled={refine.isPending}>
            Send
          </button>
          <p role="status" className={`muted ${styles.line}`}>
            {refine.isPending ? 'The assistant is thinking…' : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
