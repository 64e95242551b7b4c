import { useState } from 'react';
import { LoadError } from '../../components/QueryStatus.tsx';
import { SecretNotice } from './SecretNotice.tsx';
import { TriggerForm } from './TriggerForm.tsx';
import { TriggerRow } from './TriggerRow.tsx';
import styles from './Triggers.module.css';
import { useAgentTriggers, useCreateTrigger } from './use-triggers.ts';

/** What starts the agent without a person: schedules, events, webhooks. */
export function TriggersSection({ agentId }: { agentId: string }) {
  const triggers = useAgentTriggers(agentId);
  const create = useCreateTrigger(agentId);
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby="agent-triggers" className="stack">
      <h2 id="agent-triggers">Triggers</h2>
      {triggers.isError && <LoadError error={triggers.error} onRetry={() => triggers.refetch()} />}
      {triggers.data?.length === 0 && <p className="muted">Nothing starts this agent by itself yet.</p>}
      {triggers.data && triggers.data.length > 0 && (
        <ul className={styles.list} aria-label="Triggers of this agent">
          {triggers.data.map((trigger) => (
            <TriggerRow key={trigger.id} agentId={agentId} trigger={trigger} />
          ))}
        </ul>
      )}
      {create.data && <SecretNotice trigger={create.data} />}
      {adding ? (
        <div className={styles.panel}>
          <h3>New trigger</h3>
          <TriggerForm
            submitLabel="Add trigger"
            pending={create.isPending}
            error={create.error}
            onSubmit={(type, fields) => create.mutate({ type, fields }, { onSuccess: () => setAdding(false) })}
          />
        </div>
      ) : (
        <div>
          <button type="button" className="button" onClick={() => setAdding(true)}>
            New trigger
          </button>
        </div>
      )}
    </section>
  );
}
