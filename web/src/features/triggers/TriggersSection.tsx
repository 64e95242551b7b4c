import { useId, useState } from 'react';
import { LoadError } from '../../components/QueryStatus.tsx';
import { SecretNotice } from './SecretNotice.tsx';
import { TriggerForm } from './TriggerForm.tsx';
import { TriggerRow } from './TriggerRow.tsx';
import styles from './Triggers.module.css';
import type { TriggerOwner } from './triggers-api.ts';
import { useCreateTrigger, useTriggers } from './use-triggers.ts';

const OWNER_NOUN: Record<TriggerOwner['kind'], string> = { agents: 'agent', workflows: 'workflow' };

/** What starts the agent or workflow without a person: schedules, events, webhooks. */
export function TriggersSection({ owner }: { owner: TriggerOwner }) {
  const triggers = useTriggers(owner);
  const create = useCreateTrigger(owner);
  const [adding, setAdding] = useState(false);
  const headingId = useId();
  const noun = OWNER_NOUN[owner.kind];

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Triggers</h2>
      {triggers.isError && <LoadError error={triggers.error} onRetry={() => triggers.refetch()} />}
      {triggers.data?.length === 0 && <p className="muted">Nothing starts this {noun} by itself yet.</p>}
      {triggers.data && triggers.data.length > 0 && (
        <ul className={styles.list} aria-label={`Triggers of this ${noun}`}>
          {triggers.data.map((trigger) => (
            <TriggerRow key={trigger.id} owner={owner} trigger={trigger} />
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
