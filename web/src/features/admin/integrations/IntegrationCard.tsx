import { useId, useState } from 'react';
import { ConfirmAction } from '../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { IntegrationForm } from './IntegrationForm.tsx';
import { formValuesOf, integrationChanges } from './integration-form.ts';
import styles from './integrations.module.css';
import { type Integration, TYPE_LABELS } from './integrations-api.ts';
import { useDeleteIntegration, useTestIntegration, useUpdateIntegration } from './use-integrations.ts';

/** What an admin needs to know of a connection at a glance: where it points, and whether it works. */
function Facts({ integration }: { integration: Integration }) {
  const config = integration.config as Record<string, unknown>;
  const text = (key: string) => (typeof config[key] === 'string' ? (config[key] as string) : null);
  const username = text('bot_username');
  return (
    <dl className="facts">
      {integration.type === 'telegram' ? (
        <>
          <dt>Bot</dt>
          <dd>{username ? <a href={`https://t.me/${username}`}>@{username}</a> : 'Unknown until connected'}</dd>
        </>
      ) : (
        <>
          <dt>Tenant</dt>
          <dd>{text('tenant_id')}</dd>
          <dt>Client id</dt>
          <dd>{text('client_id')}</dd>
          <dt>Region</dt>
          <dd>{text('region') ?? 'None: agents cannot search files until one is set'}</dd>
        </>
      )}
      <dt>Last checked</dt>
      <dd>{integration.last_validated_at ? <Timestamp value={integration.last_validated_at} /> : 'Never'}</dd>
    </dl>
  );
}

function EditIntegration({ integration, onDone }: { integration: Integration; onDone: () => void }) {
  const update = useUpdateIntegration(integration.id);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <IntegrationForm
      type={integration.type}
      initial={formValuesOf(integration)}
      editing
      submitLabel="Save and check"
      pending={update.isPending}
      error={update.error}
      done={unchanged && 'Nothing to save: no field changed.'}
      onSubmit={(values) => {
        const changes = integrationChanges(integration, values);
        const empty = Object.keys(changes).length === 0;
        setUnchanged(empty);
        if (empty) update.reset();
        else update.mutate(changes, { onSuccess: onDone });
      }}
    />
  );
}

/** One integration: its status and facts, a check with the vendor, changing it, and deleting it. */
export function IntegrationCard({ integration }: { integration: Integration }) {
  const headingId = useId();
  const check = useTestIntegration(integration.id);
  const remove = useDeleteIntegration(integration.id);
  const [editing, setEditing] = useState(false);
  const connected = integration.status === 'connected';
  const name = integration.display_name;

  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div className={styles.heading}>
        <h3 id={headingId}>{name}</h3>
        <span className="muted">{TYPE_LABELS[integration.type]}</span>
        <span className={connected ? 'tag' : 'tag tag--danger'}>{connected ? 'Connected' : 'Error'}</span>
      </div>
      <Facts integration={integration} />
      {integration.last_error && (
        <p className="alert">
          <strong>Last error:</strong> {integration.last_error}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          aria-label={`Check now: ${name}`}
          disabled={check.isPending}
          onClick={() => check.mutate()}
        >
          Check now
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={editing}
          aria-label={`Change ${name}`}
          onClick={() => setEditing((open) => !open)}
        >
          Change
        </button>
        <ConfirmAction
          label="Delete"
          name={`Delete ${name}`}
          question={`Delete ${name}? ${integration.type === 'telegram' ? 'The bot stops answering and every linked chat is unlinked.' : 'Agents lose its file tools.'}`}
          confirmLabel="Delete integration"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
      {check.isSuccess && (
        <p role="status">
          {check.data.status === 'connected'
            ? 'The vendor accepted it: connected.'
            : 'The check failed; see the error above.'}
        </p>
      )}
      <ErrorAlert error={check.error ?? remove.error} />
      {editing && <EditIntegration integration={integration} onDone={() => setEditing(false)} />}
    </li>
  );
}
