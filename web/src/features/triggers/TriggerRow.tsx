import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { TRIGGER_TYPE_LABELS, TriggerForm } from './TriggerForm.tsx';
import styles from './Triggers.module.css';
import type { Trigger, TriggerOwner } from './triggers-api.ts';
import { useDeleteTrigger, useFireTrigger, useUpdateTrigger } from './use-triggers.ts';

export function TriggerRow({ owner, trigger }: { owner: TriggerOwner; trigger: Trigger }) {
  const update = useUpdateTrigger(owner, trigger.id);
  const remove = useDeleteTrigger(owner, trigger.id);
  const fire = useFireTrigger(owner, trigger.id);
  const [editing, setEditing] = useState(false);
  const name = `${TRIGGER_TYPE_LABELS[trigger.type]}: ${trigger.schedule}`;

  return (
    <li className={styles.row}>
      <p className={styles.name}>
        <strong>{TRIGGER_TYPE_LABELS[trigger.type]}</strong> <code>{trigger.schedule}</code>
        {!trigger.enabled && ' · Off'}
      </p>
      <p className="muted">
        {trigger.nextFireAt && (
          <>
            Next <Timestamp value={trigger.nextFireAt} />.{' '}
          </>
        )}
        {trigger.last_fired_at ? (
          <>
            Last fired <Timestamp value={trigger.last_fired_at} />.
          </>
        ) : (
          'Never fired.'
        )}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" aria-label={`Fire now ${name}`} onClick={() => fire.mutate()}>
          Fire now
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-label={`Edit ${name}`}
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-label={`Delete ${name}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          Delete
        </button>
      </div>
      {fire.isSuccess && (
        <p role="status">Started {fire.data.data.length === 1 ? 'a run' : `${fire.data.data.length} runs`}.</p>
      )}
      <ErrorAlert error={fire.error ?? remove.error} />
      {editing && (
        <TriggerForm
          type={trigger.type}
          initial={trigger}
          submitLabel="Save trigger"
          pending={update.isPending}
          error={update.error}
          onSubmit={(_type, fields) => update.mutate(fields, { onSuccess: () => setEditing(false) })}
        />
      )}
    </li>
  );
}
