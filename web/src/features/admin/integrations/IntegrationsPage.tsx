import { useState } from 'react';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../components/ShowMore.tsx';
import { IntegrationCard } from './IntegrationCard.tsx';
import { IntegrationForm } from './IntegrationForm.tsx';
import { EMPTY_FORM, newIntegrationBody } from './integration-form.ts';
import styles from './integrations.module.css';
import { type IntegrationType, TYPE_LABELS } from './integrations-api.ts';
import { useConnectIntegration, useIntegrationList } from './use-integrations.ts';

const HOW_TO: Record<IntegrationType, string> = {
  telegram:
    'Members talk to your agents in Telegram and answer their questions there. Create a bot with @BotFather, ' +
    'then paste its token: Atrium checks it and registers the bot’s webhook.',
  microsoft_365:
    'Agents search and read your organization’s OneDrive and SharePoint files. Register an app in Microsoft ' +
    'Entra with the Files.Read.All and Sites.Read.All application permissions (admin consent), then give its ids and a secret.',
};

/** A form that connects one type; it starts empty again after each success. */
function Connect({ type }: { type: IntegrationType }) {
  const connect = useConnectIntegration();
  const [round, setRound] = useState(0);
  const [connected, setConnected] = useState<string | null>(null);
  const headingId = `connect-${type}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Connect {TYPE_LABELS[type]}</h2>
      <p className="muted">{HOW_TO[type]}</p>
      <IntegrationForm
        key={round}
        type={type}
        initial={EMPTY_FORM}
        submitLabel={`Connect ${TYPE_LABELS[type]}`}
        pending={connect.isPending}
        error={connect.error}
        done={connected !== null && `Connected ${connected}.`}
        onSubmit={(values) => {
          setConnected(null);
          connect.mutate(newIntegrationBody(type, values), {
            onSuccess: (integration) => {
              setConnected(integration.display_name);
              setRound((n) => n + 1);
            },
          });
        }}
      />
    </section>
  );
}

/** The organization's Telegram bots and Microsoft 365 apps: their status, checks, changes, and connecting more. */
export function IntegrationsPage() {
  const list = useIntegrationList();
  const integrations = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="page stack">
      <h1>Integrations</h1>
      <section aria-labelledby="integrations-connected" className="stack">
        <h2 id="integrations-connected">Connected</h2>
        {list.isPending && <Loading label="Loading the integrations…" />}
        {list.isError && <LoadError error={list.error} onRetry={() => list.refetch()} />}
        {list.isSuccess && integrations.length === 0 && (
          <p className="empty">Nothing is connected yet. Connect a Telegram bot or Microsoft 365 below.</p>
        )}
        {integrations.length > 0 && (
          <ul className={styles.cards}>
            {integrations.map((integration) => (
              <IntegrationCard key={integration.id} integration={integration} />
            ))}
          </ul>
        )}
        <ShowMore
          noun="integrations"
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={list.fetchNextPage}
        />
      </section>
      <div className={styles.connect}>
        <Connect type="telegram" />
        <Connect type="microsoft_365" />
      </div>
    </div>
  );
}
